import { AppError } from '../../shared/app-error.js';
import { loadSharp } from '../../shared/heavy-libraries.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
export const COVER_WIDTH = 1600;
export const THUMB_WIDTH = 480;

/**
 * Checks an uploaded cover by its content (not its name or declared type) and makes the two copies
 * the shop shows: a large one for the purchase and a small one for the covers grid, both WebP.
 */
export async function prepareCover(data: Buffer): Promise<{ cover: Buffer; thumb: Buffer }> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Обложка должна быть картинкой JPEG, PNG или WebP', { field: 'file' });
  }
  const image = sharp(data).rotate();
  // A file cut short passes the header check and fails only here: it is still the client's bad file.
  const [cover, thumb] = await Promise.all([
    image.clone().resize({ width: COVER_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    image
      .clone()
      .resize({ width: THUMB_WIDTH, height: Math.round((THUMB_WIDTH * 3) / 4), fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer(),
  ]).catch(() => {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Не удалось прочитать картинку: файл повреждён', { field: 'file' });
  });
  return { cover, thumb };
}
