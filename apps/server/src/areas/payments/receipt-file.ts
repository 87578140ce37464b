import { fileTypeFromBuffer } from 'file-type';
import { receiptMimeTypes } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';

export type ReceiptFile = { mime: (typeof receiptMimeTypes)[number]; extension: string };

/**
 * What an uploaded receipt really is, by its bytes rather than its name or the browser's word:
 * a photo (JPEG, PNG, WebP, HEIC from an iPhone) or the bank's PDF.
 */
export async function checkReceiptFile(data: Buffer): Promise<ReceiptFile> {
  const type = await fileTypeFromBuffer(data);
  const mime = type?.mime === 'image/heif' ? 'image/heic' : type?.mime;
  const allowed = receiptMimeTypes.find((m) => m === mime);
  if (!type || !allowed) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Чек — это фото (JPEG, PNG, WebP, HEIC) или PDF из банка. Этот файл не подходит', {
      field: 'file',
    });
  }
  return { mime: allowed, extension: type.ext === 'heif' ? 'heic' : type.ext };
}
