import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Text typed by people, made safe to put into the dialog's HTML message. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type ConfirmOptions = { title: string; messageHtml: string; confirmLabel?: string; cancelLabel?: string; isDanger?: boolean };

/**
 * The one confirmation dialog: narrow, fixed in place, its message given as HTML (sanitized, so a
 * name typed by a user can never inject markup). Resolves true on confirm, false otherwise.
 * The sanitizer comes with the first dialog: building its lists at load cost every page that only
 * might ask (an order's page, the cabinet) tens of milliseconds on a phone.
 */
export async function confirm({
  title,
  messageHtml,
  confirmLabel = 'Подтвердить',
  cancelLabel = 'Отмена',
  isDanger,
}: ConfirmOptions): Promise<boolean> {
  const { default: DOMPurify } = await import('dompurify');
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      size: 'sm',
      centered: true,
      children: <Text component="div" size="sm" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(messageHtml) }} />,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: isDanger ? { color: 'red' } : {},
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
