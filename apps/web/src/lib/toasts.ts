import { DEFAULT_ERROR_MESSAGE } from '@vmeste/contract';
import { notifications } from '@mantine/notifications';

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

function show(kind: Kind, message: string, durationMs = TOAST_DURATION_MS) {
  notifications.show({ title: kinds[kind].title, message, color: kinds[kind].color, autoClose: durationMs, withBorder: true });
}

/** The four toast kinds of the specification; an error without a message gets the default one. */
export const toast = {
  error: (message?: string | null, durationMs?: number) => show('error', message || DEFAULT_ERROR_MESSAGE, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  warning: (message: string, durationMs?: number) => show('warning', message, durationMs),
};
