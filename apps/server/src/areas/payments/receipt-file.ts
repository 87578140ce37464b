import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { receiptMimeTypes } from '@vmeste/contract';
import { AppError } from '../../shared/app-error.js';

export type ReceiptFile = { mime: (typeof receiptMimeTypes)[number]; extension: string };

/**
 * A phone's photo is 12–50 megapixels at most; a bigger picture is a decompression bomb for the
 * admin's browser that opens it (a 16000 × 16000 PNG of a few kilobytes unpacks to a gigabyte).
 */
export const RECEIPT_MAX_MEGAPIXELS = 40;

const notAReceipt = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Чек — это фото (JPEG, PNG, WebP, HEIC) или PDF из банка. Этот файл не подходит', {
    field: 'file',
  });

/**
 * What an uploaded receipt really is, by its bytes rather than its name or the browser's word:
 * a photo (JPEG, PNG, WebP, HEIC from an iPhone) or the bank's PDF. A photo's size is read from its
 * header, without decoding it.
 */
export async function checkReceiptFile(data: Buffer): Promise<ReceiptFile> {
  // file-type throws on some truncated containers (a «PK» zip start with junk after it): not a receipt either.
  const type = await fileTypeFromBuffer(data).catch(() => undefined);
  const mime = type?.mime === 'image/heif' ? 'image/heic' : type?.mime;
  const allowed = receiptMimeTypes.find((m) => m === mime);
  if (!type || !allowed) throw notAReceipt();
  if (allowed !== 'application/pdf') checkPixels(data, allowed);
  return { mime: allowed, extension: type.ext === 'heif' ? 'heic' : type.ext };
}

function checkPixels(data: Buffer, mime: ReceiptFile['mime']) {
  let size: { width: number; height: number } | null;
  try {
    size = imageSize(data);
  } catch {
    size = null;
  }
  if (!size) {
    // An iPhone's HEIC keeps its size deep in the metadata boxes, which some phones write after the
    // picture: it is let through unread. JPEG, PNG and WebP always say it in their header.
    if (mime === 'image/heic') return;
    throw notAReceipt();
  }
  if (size.width * size.height > RECEIPT_MAX_MEGAPIXELS * 1_000_000) {
    throw new AppError(
      'BAD_REQUEST',
      `Изображение слишком большое (${size.width} × ${size.height} точек): пришлите снимок экрана или фото до ${RECEIPT_MAX_MEGAPIXELS} мегапикселей`,
      { field: 'file' },
    );
  }
}
