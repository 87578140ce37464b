import yauzl from 'yauzl';
import { AppError } from './app-error.js';

/**
 * What an uploaded spreadsheet may unpack to. A zip bomb (a few megabytes expanding to gigabytes)
 * is refused from its directory before a byte is inflated; the limits leave room for the largest
 * legitimate files (the 10 MB upload limit of a dense .xlsx unpacks to well under 200 MB).
 */
export const XLSX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const XLSX_MAX_PART_BYTES = 150 * 1024 * 1024;

const tooBig = () =>
  new AppError('PAYLOAD_TOO_LARGE', 'Файл Excel после распаковки слишком большой: разбейте таблицу на несколько файлов', {
    field: 'file',
  });

const unreadable = () =>
  new AppError('BAD_REQUEST', 'Не удалось прочитать файл Excel: сохраните его как .xlsx или .csv', { field: 'file' });

/**
 * Refuses the file if its zip directory declares more than the limits. Each part is then inflated and
 * thrown away as it streams, because a declared size can lie: yauzl stops with an error the moment a
 * part inflates past what it declared, so nothing bigger than the limits is ever unpacked, and memory
 * stays flat whatever the file holds.
 */
export async function checkXlsxUnpackedSize(data: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, file) => (error ? reject(error) : resolve(file))),
  ).catch(() => {
    throw unreadable();
  });
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (entry.uncompressedSize > XLSX_MAX_PART_BYTES || total > XLSX_MAX_UNPACKED_BYTES) return reject(tooBig());
        zip.openReadStream(entry, (error, stream) => {
          if (error) return reject(unreadable());
          stream.on('error', () => reject(tooBig()));
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(unreadable()));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}
