import type { FastifyRequest } from 'fastify';
import { plural } from '@vmeste/contract';
import { AppError } from './app-error.js';

/**
 * The one file of a multipart request, read into memory within `maxBytes`. A bigger file is refused
 * with 413 before anything is written.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл в поле file (multipart/form-data)', { field: 'file' });
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `Файл больше ${megabytes} ${plural(megabytes, 'мегабайта', 'мегабайт', 'мегабайт')}`, {
    field: 'file',
  });
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw new AppError('BAD_REQUEST', 'Не удалось прочитать загруженный файл', { field: 'file' });
  }
  if (!part) throw new AppError('BAD_REQUEST', 'Выберите файл', { field: 'file' });
  if (part.fieldname !== 'file') throw new AppError('BAD_REQUEST', 'Отправьте файл в поле file', { field: 'file' });
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw new AppError('BAD_REQUEST', 'Не удалось прочитать загруженный файл', { field: 'file' });
  }
  if (part.file.truncated) throw tooLarge;
  // The name is kept (bonus uploads) and shown; PostgreSQL refuses a NUL in text.
  if (part.filename.includes('\0'))
    throw new AppError('BAD_REQUEST', 'Имя файла содержит недопустимый символ (нулевой байт)', { field: 'file' });
  return { data, filename: part.filename };
}
