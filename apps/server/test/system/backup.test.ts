import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Db, openDatabase, rowsOf } from '../../src/db/client.js';
import { createDatabaseFileStorage } from '../../src/integrations/storage/database-file-storage.js';
import { createLocalFileStorage, type FileStorage } from '../../src/integrations/storage/file-storage.js';
import { createS3FileStorage } from '../../src/integrations/storage/s3-file-storage.js';
import { type BackupTarget, createBackup, restoreBackup } from '../../src/operations/backup.js';
import { seedDemoData } from '../../src/seed/demo-accounts.js';
import { seedDemoPurchases } from '../../src/seed/demo-purchases.js';
import { isPostgresRun } from '../fixtures/app.js';
import { type S3Emulator, startS3Emulator } from '../fixtures/s3-emulator.js';

/**
 * `npm run backup` / `npm run restore` (issue 28, item 7): a shop with the demo data is backed up,
 * changed, and the backup restored into an empty database and file store holds every table's rows and
 * every file exactly as they were at the backup — on PostgreSQL through pg_dump/pg_restore, on the
 * embedded database through its own data-folder dump; the files in the shop's own storage (the
 * folder, or PostgreSQL's tables) and, in the second run, in an S3 bucket (s3rver), whose files the
 * backup must carry itself.
 */

const serverUrl = process.env.DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-backup-test-'));
const createdDatabases: string[] = [];

/** A fresh place for a shop: a new database on the PostgreSQL server, or a new DATA_DIR. */
async function freshTarget(name: string): Promise<BackupTarget> {
  const dataDir = path.join(work, name);
  if (!serverUrl) return { dataDir, uploadsDir: path.join(dataDir, 'uploads') };
  const database = `vmeste_backup_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  createdDatabases.push(database);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { databaseUrl: url.toString(), dataDir, uploadsDir: path.join(dataDir, 'uploads') };
}

async function withDb<T>(target: BackupTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** Every table of the shop (and drizzle's record of migrations) as sorted JSON rows. */
async function tablesOf(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`),
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const rows = rowsOf<{ rows: unknown }>(
      await db.execute(sql.raw(`select coalesce(json_agg(t order by t::text), '[]') as rows from "${schema}"."${table}" t`)),
    );
    snapshot[name] = JSON.stringify(rows[0]?.rows);
  }
  return snapshot;
}

/** Every file of a storage, by key, as base64. */
async function filesOf(storage: FileStorage): Promise<Record<string, string>> {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  const files: Record<string, string> = {};
  for (const key of keys.sort()) files[key] = (await storage.get(key))!.toString('base64');
  return files;
}

const emulators: S3Emulator[] = [];
afterAll(async () => {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  await Promise.all(emulators.map((e) => e.close()));
  fs.rmSync(work, { recursive: true, force: true });
});

/** A shop with the demo data and a few files of its own, its uploads where `env` puts them. */
async function seedShop(source: BackupTarget, env: Record<string, string>, extraFiles: Record<string, Buffer>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DATA_DIR: source.dataDir,
    ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database, logger: false });
  try {
    await seedDemoData(app.areas);
    await seedDemoPurchases(app.areas);
    for (const [key, data] of Object.entries(extraFiles)) await app.storage.put(key, data);
  } finally {
    await app.close();
    await database.close();
  }
}

const files = {
  'covers/demo-cover.webp': Buffer.from('обложка закупки'),
  'receipts/2026/receipt-1.pdf': Buffer.alloc(300_000, 7),
};

describe.each([
  { where: 'the shop’s own storage', s3: false },
  { where: 'an S3 bucket', s3: true },
])('backup and restore with the files in $where', ({ s3 }) => {
  let source: BackupTarget;
  let sourceFiles: FileStorage;
  let targetFiles: FileStorage;
  beforeAll(async () => {
    const name = s3 ? 's3' : 'own';
    source = await freshTarget(`${name}_source`);
    let env: Record<string, string> = {};
    if (s3) {
      const [from, into] = await Promise.all([startS3Emulator('vmeste-shop'), startS3Emulator('vmeste-restored')]);
      emulators.push(from, into);
      env = from.env;
      sourceFiles = createS3FileStorage(from.settings);
      targetFiles = createS3FileStorage(into.settings);
    } else {
      sourceFiles = createLocalFileStorage(source.uploadsDir);
    }
    // Past S3's 5 MiB part: it goes up in parts, and comes back out of the backup as a stream.
    const large: Record<string, Buffer> = s3 ? { 'receipts/2026/large-scan.pdf': Buffer.alloc(6 * 1024 * 1024 + 3, 9) } : {};
    await seedShop(source, env, { ...files, ...large });
  }, 600_000);

  it('bring back every table and every file as they were at the backup', async () => {
    const file = path.join(work, `shop-${s3 ? 's3' : 'own'}.zip`);
    const manifest = await createBackup(source, file, sourceFiles);
    expect(manifest.database).toBe(isPostgresRun ? 'postgres' : 'pglite');
    expect(manifest.storage).toBe(sourceFiles.kind);
    const filesAtBackup = await filesOf(sourceFiles);
    // The demo's covers and receipts and the files above: every one, under its own key.
    expect(manifest.files.map((f) => f.key)).toEqual(Object.keys(filesAtBackup));
    // On PostgreSQL without S3 the uploads live in its files table, inside the dump itself (compared with every table below).
    if (s3 || !isPostgresRun) {
      expect(manifest.files.map((f) => f.key)).toEqual(expect.arrayContaining(Object.keys(files)));
    }
    if (s3) expect(manifest.files.find((f) => f.key === 'receipts/2026/large-scan.pdf')?.bytes).toBe(6 * 1024 * 1024 + 3);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const atBackup = await withDb(source, tablesOf);
    expect(JSON.parse(atBackup['public.users']!).length).toBeGreaterThan(5);
    expect(JSON.parse(atBackup['public.orders']!).length).toBeGreaterThan(0);

    // The shop goes on after the backup: none of this may come back.
    await withDb(source, async (db) => {
      await db.execute(sql`update purchases set title = 'Изменено после копии'`);
      await db.execute(sql`delete from sessions`);
    });
    await sourceFiles.delete('covers/demo-cover.webp');
    await sourceFiles.put('covers/after.webp', Buffer.from('после копии'));

    const target = await freshTarget(s3 ? 's3_target' : 'own_target');
    targetFiles ??= createLocalFileStorage(target.uploadsDir);
    await restoreBackup(target, file, targetFiles);
    const restored = await withDb(target, tablesOf);
    expect(Object.keys(restored)).toEqual(Object.keys(atBackup));
    for (const table of Object.keys(atBackup)) expect(restored[table], table).toBe(atBackup[table]);
    expect(await filesOf(targetFiles)).toEqual(filesAtBackup);
    expect(restored['public.purchases']).not.toContain('Изменено после копии');

    // Only into an empty shop: a second restore over the first is refused, and nothing is touched.
    await expect(restoreBackup(target, file, targetFiles)).rejects.toThrow(/не пуст/);
    expect(await withDb(target, tablesOf)).toEqual(restored);
    expect(await filesOf(targetFiles)).toEqual(filesAtBackup);

    // A bucket's backup restored into a shop that keeps its files in PostgreSQL: they land in its tables.
    if (s3 && isPostgresRun) {
      const intoDatabase = await freshTarget('s3_into_database');
      await restoreBackup(intoDatabase, file, 'in-database');
      expect(await withDb(intoDatabase, (db) => filesOf(createDatabaseFileStorage(db)))).toEqual(filesAtBackup);
    }
  }, 600_000);
});
