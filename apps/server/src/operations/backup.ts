import { spawn } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { createDatabaseFileStorage } from '../integrations/storage/database-file-storage.js';
import { createLocalFileStorage, type FileStorage } from '../integrations/storage/file-storage.js';

/**
 * One backup file of a shop: a zip holding the database in its engine's own dump format
 * (`database.pgdump`, pg_dump's custom format, for PostgreSQL; `database.pglite.tar.gz`, PGlite's
 * dumpDataDir, for the embedded database), the uploads under `files/` (read from the shop's file
 * storage, the folder or an S3 bucket, one file streaming at a time; uploads kept in PostgreSQL are
 * in its dump already), and `manifest.json` naming what is inside with each file's size and
 * SHA-256. Restored only into an empty database and an empty file store, so a restore never mixes
 * two shops.
 */
export type BackupTarget = {
  databaseUrl?: string | undefined;
  /** The embedded database's folder (DATA_DIR); unused with a databaseUrl. */
  dataDir: string;
  uploadsDir: string;
};

export type BackupManifest = {
  format: 'vmeste-backup-1';
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Where the shop kept its uploads (absent in backups made before S3 was backed up: the folder or PostgreSQL). */
  storage?: FileStorage['kind'];
  files: { key: string; bytes: number; sha256: string }[];
};

/**
 * The shop's file storage as backups take it (`backupStorageOf` opens it from the settings): a
 * storage walked key by key, or `in-database` for uploads in PostgreSQL, which are inside its dump
 * and are written to only when a restore brings files from a folder's or a bucket's backup.
 */
export type BackupStorage = FileStorage | 'in-database';

export class BackupError extends Error {}

const DUMP_ENTRY = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

/** Every key of a storage, sorted so a manifest lists them in one order (keys are short: a million fit). */
async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

async function isEmpty(storage: FileStorage): Promise<boolean> {
  for await (const key of storage.keys()) if (key) return false;
  return true;
}

/** Passes bytes through, counting them and taking their SHA-256 on the way. */
function digesting(): { through: Transform; digest(): { bytes: number; sha256: string } } {
  const hash: Hash = createHash('sha256');
  let bytes = 0;
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { through, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** Settles when the zip has read the whole stream, or fails with the stream. */
function readWhole(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
  });
}

/** Runs a PostgreSQL client program, its stdout streamed to the caller; rejects with its stderr on failure. */
function runClient(program: 'pg_dump' | 'pg_restore', args: string[], input?: Readable) {
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `Не найдена программа ${program}: установите клиент PostgreSQL той же версии, что и сервер (apt-get install postgresql-client-15)`
            : `${program}: ${error.message}`,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} завершился с кодом ${code}: ${stderr.trim()}`)),
    );
  });
  if (input) input.pipe(child.stdin);
  else child.stdin.end();
  return { stdout: child.stdout, done };
}

/** Writes the backup to `file` (through a `.partial` file renamed at the end, so a failed run leaves no half backup). */
export async function createBackup(target: BackupTarget, file: string, storage: BackupStorage = createLocalFileStorage(target.uploadsDir)) {
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  const zip = new yazl.ZipFile();
  const partial = `${file}.partial`;
  const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
  // A stream that fails inside the zip (a download cut off) fails the backup, not the process.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  const manifest: BackupManifest = {
    format: 'vmeste-backup-1',
    createdAt: new Date().toISOString(),
    database: kind,
    storage: storage === 'in-database' ? 'database' : storage.kind,
    files: [],
  };
  try {
    if (target.databaseUrl) {
      // Custom format: compressed, and pg_restore picks what to restore and in which order.
      const dump = runClient('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${target.databaseUrl}`]);
      zip.addReadStream(dump.stdout, DUMP_ENTRY.postgres, { compress: false });
      await dump.done;
    } else {
      zip.addBuffer(await dumpEmbedded(target.dataDir), DUMP_ENTRY.pglite, { compress: false });
    }
    if (storage !== 'in-database') {
      // One file at a time, from the storage straight into the zip: none is held whole, and an S3
      // store has one download open. Its digest is known when the zip has read it to the end.
      for (const key of await keysOf(storage)) {
        const opened = await storage.open(key);
        if (!opened) continue; // deleted since it was listed
        const { through, digest } = digesting();
        const done = Promise.all([pipeline(opened.stream, through), readWhole(through)]);
        zip.addReadStream(through, `files/${key}`);
        await done;
        manifest.files.push({ key, ...digest() });
      }
    }
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await written;
    await fsp.rename(partial, file);
    return manifest;
  } catch (error) {
    // The zip may be waiting for a stream that failed: its output is cut rather than ended.
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

/** The embedded database's own dump, taken under its folder lock: the shop must be stopped. */
async function dumpEmbedded(dataDir: string): Promise<Buffer> {
  const dataPath = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(dataPath)) throw new BackupError(`В ${dataDir} нет встроенной базы данных (pgdata)`);
  const lock = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataPath);
    try {
      return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

type Entries = Map<string, yauzl.Entry>;

async function openZip(file: string): Promise<{ zip: yauzl.ZipFile; entries: Entries }> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: Entries = new Map();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return { zip, entries };
}

function readEntryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await readEntryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Brings a backup back into an empty database and an empty file store; refuses anything else. */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  storage: BackupStorage = createLocalFileStorage(target.uploadsDir),
) {
  const { zip, entries } = await openZip(file);
  try {
    const manifestEntry = entries.get('manifest.json');
    if (!manifestEntry) throw new BackupError(`${file} — не резервная копия «Вместе» (нет manifest.json)`);
    const manifest = JSON.parse((await readEntry(zip, manifestEntry)).toString('utf8')) as BackupManifest;
    if (manifest.format !== 'vmeste-backup-1') throw new BackupError(`Неизвестный формат резервной копии: ${String(manifest.format)}`);
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new BackupError(
        manifest.database === 'postgres'
          ? 'Копия снята с PostgreSQL: восстановите её в PostgreSQL (задайте DATABASE_URL)'
          : 'Копия снята со встроенной базы: восстановите её без DATABASE_URL, в пустую папку DATA_DIR',
      );
    }
    // Files in PostgreSQL are checked with the database (it must be empty); a folder or a bucket here.
    if (storage !== 'in-database' && !(await isEmpty(storage))) {
      throw new BackupError(
        storage.kind === 's3'
          ? 'Корзина S3 не пуста: восстановление идёт только в пустой магазин (задайте новую корзину в S3_BUCKET)'
          : `Папка файлов ${target.uploadsDir} не пуста: восстановление идёт только в пустой магазин`,
      );
    }
    const dump = entries.get(DUMP_ENTRY[kind]);
    if (!dump) throw new BackupError(`В копии нет базы данных (${DUMP_ENTRY[kind]})`);
    if (target.databaseUrl) await restorePostgres(target.databaseUrl, await readEntryStream(zip, dump));
    else await restoreEmbedded(target.dataDir, await readEntry(zip, dump));

    if (manifest.files.length > 0) {
      await withStorage(target, storage, async (into) => {
        for (const item of manifest.files) {
          const entry = entries.get(`files/${item.key}`);
          if (!entry) throw new BackupError(`В копии нет файла ${item.key}`);
          // Streamed from the zip into the storage; checked on the way and taken back if it differs.
          const { through, digest } = digesting();
          const source = await readEntryStream(zip, entry);
          source.once('error', (error) => through.destroy(error));
          await into.put(item.key, source.pipe(through));
          const got = digest();
          if (got.sha256 !== item.sha256 || got.bytes !== item.bytes) {
            await into.delete(item.key);
            throw new BackupError(`Файл ${item.key} в копии повреждён`);
          }
        }
      });
    }
    return manifest;
  } finally {
    zip.close();
  }
}

/**
 * The storage files are restored into: for uploads in PostgreSQL, the restored database itself,
 * opened once pg_restore has filled it (a folder's or a bucket's backup brought into PostgreSQL).
 */
async function withStorage(target: BackupTarget, storage: BackupStorage, work: (into: FileStorage) => Promise<void>) {
  if (storage !== 'in-database') return work(storage);
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await work(createDatabaseFileStorage(database.db));
  } finally {
    await database.close();
  }
}

async function restorePostgres(databaseUrl: string, dump: Readable) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) as count from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.count) > 0)
      throw new BackupError('База данных не пуста: восстановление идёт только в пустую базу (createdb новой)');
  } finally {
    await client.end();
  }
  const restore = runClient(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`],
    dump,
  );
  restore.stdout.resume();
  await restore.done;
}

async function restoreEmbedded(dataDir: string, dump: Buffer) {
  const dataPath = path.join(dataDir, 'pgdata');
  if (fs.existsSync(dataPath) && (await fsp.readdir(dataPath)).length > 0) {
    throw new BackupError(`В ${dataPath} уже есть база данных: восстановление идёт только в пустую папку DATA_DIR`);
  }
  await fsp.mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataPath, { loadDataDir: new Blob([dump]) });
    await db.close();
  } finally {
    lock.release();
  }
}
