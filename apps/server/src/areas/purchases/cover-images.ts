import type { FileStorage } from '../../integrations/storage/file-storage.js';
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

/** The widths a cover is served in besides its stored copies (`?w=`, the contract's COVER_SIZE_WIDTHS). */
const COVER_SIZE_WIDTHS = [320, 640, 960] as const;
export type CoverSizeWidth = (typeof COVER_SIZE_WIDTHS)[number];

/**
 * Where a cover's copy of one width is kept once made. `{name}-thumb.webp` is the covers grid's
 * picture (cut to 4:3), `{name}.webp` the whole cover; both are made from the whole cover.
 */
export function coverSizeKey(fileName: string, width: CoverSizeWidth): string {
  return `cover-sizes/${fileName.replace(/\.webp$/, '')}-w${width}.webp`;
}

/** Every copy that may have been made of a stored cover or thumbnail, for deleting it with them. */
export function coverSizeKeysOf(storedKey: string): string[] {
  const fileName = storedKey.replace(/^covers\//, '');
  return COVER_SIZE_WIDTHS.map((width) => coverSizeKey(fileName, width));
}

/**
 * A cover in the width the page shows it: made from the whole cover on the first request and kept in
 * the file storage, so each size is made once per cover (names are never reused, so a kept copy never
 * goes stale). `{name}-thumb.webp` copies are cut to 4:3 like the thumbnail; the whole cover keeps its
 * proportions and is never enlarged. Null when the cover does not exist.
 */
export async function coverInWidth(storage: FileStorage, fileName: string, width: CoverSizeWidth): Promise<Buffer | null> {
  const key = coverSizeKey(fileName, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const making = inFlight.get(key);
  if (making) return making;
  const promise = makeCoverInWidth(storage, fileName, width, key).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/** Copies being made now: a burst of first visitors makes each once. */
const inFlight = new Map<string, Promise<Buffer | null>>();

async function makeCoverInWidth(storage: FileStorage, fileName: string, width: CoverSizeWidth, key: string): Promise<Buffer | null> {
  const isThumb = fileName.endsWith('-thumb.webp');
  const wholeName = fileName.replace(/-thumb\.webp$/, '.webp');
  // A thumbnail whose whole cover is gone is still served, from itself.
  const source = (await storage.get(`covers/${wholeName}`)) ?? (isThumb ? await storage.get(`covers/${fileName}`) : null);
  if (!source) return null;
  const sharp = await loadSharp();
  const resized = isThumb
    ? sharp(source).resize({ width, height: Math.round((width * 3) / 4), fit: 'cover', withoutEnlargement: true })
    : sharp(source).resize({ width, withoutEnlargement: true });
  const data = await resized.webp({ quality: 78 }).toBuffer();
  await storage.put(key, data);
  return data;
}
