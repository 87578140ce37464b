import { RECEIPT_MAX_BYTES, receiptMimeTypes } from '@vmeste/contract';

/** What the file picker offers; HEIC often comes without a type, so its extensions are listed too. */
export const RECEIPT_ACCEPT = [...receiptMimeTypes, '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.pdf'].join(',');

const extensions = ['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif', 'pdf'];

/**
 * Why a picked file cannot be a receipt, or null when it may be sent. The server checks the content
 * again; this only spares the client an upload that would be refused.
 */
export function receiptFileProblem(file: { size: number; type: string; name?: string }): string | null {
  if (file.size === 0) return 'Файл пустой — выберите снимок или PDF чека';
  if (file.size > RECEIPT_MAX_BYTES) return 'Файл больше 10 МБ — сохраните чек в меньшем размере';
  const extension = file.name?.split('.').pop()?.toLowerCase() ?? '';
  const isKnownType = (receiptMimeTypes as readonly string[]).includes(file.type) || file.type === 'image/heif';
  // Phones hand HEIC over with an empty or generic type; the extension decides then.
  const isUntyped = file.type === '' || file.type === 'application/octet-stream';
  if (isKnownType || (isUntyped && extensions.includes(extension))) return null;
  return 'Чек — это фото или снимок экрана (JPEG, PNG, WebP, HEIC) или PDF';
}
