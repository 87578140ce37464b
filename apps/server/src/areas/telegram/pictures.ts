import { eq, isNull, and } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { AppError } from '../../shared/app-error.js';
import { loadSharp } from '../../shared/heavy-libraries.js';
import { telegramPictures } from './telegram.schema.js';

const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png' };
/** Telegram refuses a photo whose width and height add up to more than 10 000 pixels. */
const MAX_SIDES_SUM = 10_000;

export type PhotoSource = { fileId: string } | { bytes: Buffer; filename: string; contentType: string };

/** Post pictures: checked by content when uploaded, kept in the file storage, sent by file_id once Telegram has one. */
export function createPictures({ db, storage }: { db: Db; storage: FileStorage }) {
  return {
    async upload(data: Buffer): Promise<{ id: string; url: string }> {
      if (data.length === 0) throw new AppError('BAD_REQUEST', 'Файл картинки пустой: выберите картинку JPEG или PNG', { field: 'file' });
      const sharp = await loadSharp();
      // sharp refuses some inputs by throwing at once rather than through the promise.
      const metadata = await Promise.resolve()
        .then(() => sharp(data).metadata())
        .catch(() => null);
      const contentType = metadata?.format ? FORMATS[metadata.format] : undefined;
      if (!metadata || !contentType)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Картинка должна быть в формате JPEG или PNG', { field: 'file' });
      if ((metadata.width ?? 0) + (metadata.height ?? 0) > MAX_SIDES_SUM) {
        throw new AppError('BAD_REQUEST', 'Картинка слишком большая: ширина и высота вместе — не больше 10 000 точек', { field: 'file' });
      }
      const [row] = await db.insert(telegramPictures).values({ storageKey: 'pending', contentType }).returning({ id: telegramPictures.id });
      const storageKey = `telegram/${row!.id}.${metadata.format === 'jpeg' ? 'jpg' : 'png'}`;
      await storage.put(storageKey, data);
      await db.update(telegramPictures).set({ storageKey }).where(eq(telegramPictures.id, row!.id));
      return { id: row!.id, url: pictureUrlOf(row!.id) };
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: telegramPictures.id }).from(telegramPictures).where(eq(telegramPictures.id, id)).limit(1);
      return Boolean(row);
    },

    async file(id: string): Promise<{ data: Buffer; contentType: string }> {
      const [row] = await db.select().from(telegramPictures).where(eq(telegramPictures.id, id)).limit(1);
      const data = row && (await storage.get(row.storageKey));
      if (!row || !data) throw new AppError('NOT_FOUND', 'Картинка не найдена');
      return { data, contentType: row.contentType };
    },

    /** What sendPhoto gets: Telegram's file_id when it has one, else the bytes to upload. */
    async photoOf(id: string): Promise<PhotoSource> {
      const [row] = await db.select().from(telegramPictures).where(eq(telegramPictures.id, id)).limit(1);
      if (!row) throw new Error(`picture ${id} is gone`);
      if (row.fileId) return { fileId: row.fileId };
      const bytes = await storage.get(row.storageKey);
      if (!bytes) throw new Error(`picture ${id} has no file`);
      return { bytes, filename: row.storageKey.split('/').at(-1)!, contentType: row.contentType };
    },

    async rememberFileId(id: string, fileId: string): Promise<void> {
      await db
        .update(telegramPictures)
        .set({ fileId })
        .where(and(eq(telegramPictures.id, id), isNull(telegramPictures.fileId)));
    },
  };
}

export type Pictures = ReturnType<typeof createPictures>;

export function pictureUrlOf(id: string): string {
  return `/api/telegram/pictures/${id}`;
}
