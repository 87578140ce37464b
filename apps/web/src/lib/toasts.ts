import { DEFAULT_ERROR_MESSAGE } from '@vmeste/contract';
import { notifications } from '@mantine/notifications';
import { errorMessageOf, isApiError } from './api-client';

export const TOAST_DURATION_MS = 3000;
export const PASSWORD_CHANGED_DURATION_MS = 8000;
export const PASSWORD_CHANGED_MESSAGE = 'Пароль успешно изменен';

const kinds = {
  error: { title: 'Ошибка', color: 'red' },
  info: { title: 'Информация', color: 'blue' },
  success: { title: 'Успешно', color: 'green' },
  warning: { title: 'Предупреждение', color: 'yellow' },
} as const;

type Kind = keyof typeof kinds;

function show(kind: Kind, message: string, durationMs = TOAST_DURATION_MS, role?: 'status') {
  notifications.show({
    title: kinds[kind].title,
    message,
    color: kinds[kind].color,
    autoClose: durationMs,
    withBorder: true,
    ...(role ? { role } : {}),
  });
}

/** The four toast kinds of the specification; an error without a message gets the default one. */
export const toast = {
  error: (message?: string | null, durationMs?: number) => show('error', message || DEFAULT_ERROR_MESSAGE, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  warning: (message: string, durationMs?: number) => show('warning', message, durationMs),
};

/**
 * The error toast of a failed server call (section 8): «Ошибка», 3000 ms, the server's Russian message.
 * A 401 shows nothing, because the app signs out instead. When the page also shows the message in its
 * own alert (`isShownInline`), the toast is a polite status so screen readers do not announce it twice.
 */
export function toastServerError(error: unknown, { isShownInline = false }: { isShownInline?: boolean } = {}): void {
  if (isApiError(error) && error.statusCode === 401) return;
  show('error', errorMessageOf(error), TOAST_DURATION_MS, isShownInline ? 'status' : undefined);
}
