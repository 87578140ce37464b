import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Db, openDatabase, rowsOf } from '../../src/db/client.js';
import { createLocalFileStorage } from '../../src/integrations/storage/file-storage.js';
import { type BackupTarget, createBackup, restoreBackup } from '../../src/operations/backup.js';
import { seedDemoData } from '../../src/seed/demo-accounts.js';
import { seedDemoPurchases } from '../../src/seed/demo-purchases.js';
import { isPostgresRun } from '../fixtures/app.js';

/**
 * `npm run backup` / `npm run restore` (issue 28, item 7): a shop with the demo data is backed up,
 * changed, and the backup restored into an empty database and file store holds every table's rows and
 * every file exactly as they were at the backup — on PostgreSQL through pg_dump/pg_restore, on the
 * embedded database through its own data-folder dump.
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

function filesOf(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(root, entry);
    if (fs.statSync(full).isFile()) files[entry] = fs.readFileSync(full).toString('base64');
  }
  return files;
}

let source: BackupTarget;
beforeAll(async () => {
  source = await freshTarget('source');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DATA_DIR: source.dataDir,
    ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { database, logger: false });
  try {
    await seedDemoData(app.areas);
    await seedDemoPurchases(app.areas);
    await app.storage.put('covers/demo-cover.webp', Buffer.from('обложка закупки'));
    await app.storage.put('receipts/2026/receipt-1.pdf', Buffer.alloc(300_000, 7));
  } finally {
    await app.close();
    await database.close();
  }
}, 600_000);

afterAll(async () => {
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('bring back every table and every file as they were at the backup', async () => {
    const file = path.join(work, 'shop.zip');
    const manifest = await createBackup(source, file);
    expect(manifest.database).toBe(isPostgresRun ? 'postgres' : 'pglite');
    // The demo's covers and receipts and the two files above: every one, under its own key.
    expect(manifest.files.map((f) => f.key)).toEqual(Object.keys(filesOf(source.uploadsDir)));
    // On PostgreSQL the uploads live in its files table, inside the dump itself (compared with every table below).
    if (!isPostgresRun) {
      expect(manifest.files.map((f) => f.key)).toEqual(expect.arrayContaining(['covers/demo-cover.webp', 'receipts/2026/receipt-1.pdf']));
    }
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const atBackup = await withDb(source, tablesOf);
    expect(JSON.parse(atBackup['public.users']!).length).toBeGreaterThan(5);
    expect(JSON.parse(atBackup['public.orders']!).length).toBeGreaterThan(0);
    const filesAtBackup = filesOf(source.uploadsDir);

    // The shop goes on after the backup: none of this may come back.
    await withDb(source, async (db) => {
      await db.execute(sql`update purchases set title = 'Изменено после копии'`);
      await db.execute(sql`delete from sessions`);
    });
    const storage = createLocalFileStorage(source.uploadsDir);
    await storage.delete('covers/demo-cover.webp');
    await storage.put('covers/after.webp', Buffer.from('после копии'));

    const target = await freshTarget('target');
    await restoreBackup(target, file);
    const restored = await withDb(target, tablesOf);
    expect(Object.keys(restored)).toEqual(Object.keys(atBackup));
    for (const table of Object.keys(atBackup)) expect(restored[table], table).toBe(atBackup[table]);
    expect(filesOf(target.uploadsDir)).toEqual(filesAtBackup);
    expect(restored['public.purchases']).not.toContain('Изменено после копии');

    // Only into an empty shop: a second restore over the first is refused, and nothing is touched.
    await expect(restoreBackup(target, file)).rejects.toThrow(/не пуст/);
    expect(await withDb(target, tablesOf)).toEqual(restored);
  }, 600_000);
});
