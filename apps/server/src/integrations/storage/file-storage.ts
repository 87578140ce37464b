import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A stored file opened for reading: its size and its bytes as they come. */
export type OpenedFile = { sizeBytes: number; stream: Readable };

/**
 * Where uploads live (docs/decisions/035): a local folder (the embedded database), PostgreSQL (the
 * default on a server) or an S3-compatible store. Every backend keeps the same promises: a reader
 * sees a file whole, the old one or the new one; two writers of one key leave one of the two files
 * whole; a missing key reads as null; deleting a missing key is no error.
 */
export interface FileStorage {
  readonly kind: 'local' | 'database' | 's3';
  /** Stores the bytes under the key, replacing what was there. A stream is written as it comes. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The whole file, for callers that need it in memory (a picture sent on, a spreadsheet parsed). */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, for answers that need not hold it whole. */
  open(key: string): Promise<OpenedFile | null>;
  /** The file's size, or null when there is none (the files migration skips what is there). */
  sizeOf(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Every key stored (the files migration and backups walk them). */
  keys(): AsyncIterable<string>;
  /**
   * Removes what writers that died left behind, untouched for longer than `olderThanSeconds` (the
   * hourly job `files.sweep-orphans`): never a file a key names, never a write still going on.
   * Answers how many pieces it removed.
   */
  sweepOrphans(olderThanSeconds?: number): Promise<number>;
}

/**
 * How long a writer's leftovers wait before the sweep: far longer than any upload takes, so a slow
 * one still writing is never swept (and one that is still loses its upload, never half a file).
 */
export const ORPHAN_GRACE_SECONDS = 24 * 60 * 60;

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9._-]+)+$/;

/** Keys are made by the server, never by users; the check still keeps every path inside the root and every key portable. */
export function checkStorageKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkStorageKey(key));
  const missingAsNull = <T>(error: unknown): T | null => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file; the aside name is the
      // writer's own, so two writers of one key (the same upload twice at once) never collide.
      const aside = `${file}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await fs.writeFile(aside, data);
        else await pipeline(data, createWriteStream(aside));
        await fs.rename(aside, file);
      } catch (error) {
        await fs.rm(aside, { force: true });
        throw error;
      }
    },
    async get(key) {
      return fs.readFile(resolve(key)).catch(missingAsNull<Buffer>);
    },
    async open(key) {
      // Opened before the stream is made: a file renamed over it afterwards leaves this one readable whole.
      const handle = await fs.open(resolve(key), 'r').catch(missingAsNull<fs.FileHandle>);
      if (!handle) return null;
      const { size } = await handle.stat();
      return { sizeBytes: size, stream: handle.createReadStream() };
    },
    async sizeOf(key) {
      const stat = await fs.stat(resolve(key)).catch(missingAsNull<{ size: number }>);
      return stat ? stat.size : null;
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *keys() {
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(missingAsNull<never[]>);
      for (const entry of entries ?? []) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (SAFE_KEY.test(key)) yield key;
      }
    },
    async sweepOrphans(olderThanSeconds = ORPHAN_GRACE_SECONDS) {
      // A writer's aside copy is renamed into place when whole; one left behind is from a writer that died.
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(missingAsNull<never[]>);
      const before = Date.now() - olderThanSeconds * 1000;
      let removed = 0;
      for (const entry of entries ?? []) {
        if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.stat(file).catch(missingAsNull<{ mtimeMs: number }>);
        if (!stat || stat.mtimeMs >= before) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** A readable of a buffer or a stream, in pieces as they come. */
export function piecesOf(data: Buffer | Readable): AsyncIterable<Buffer> {
  return Buffer.isBuffer(data) ? Readable.from([data]) : data;
}
