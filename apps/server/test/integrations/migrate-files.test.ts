import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFileStorage } from '../../src/integrations/storage/database-file-storage.js';
import { createLocalFileStorage, type FileStorage } from '../../src/integrations/storage/file-storage.js';
import { migrateFiles } from '../../src/integrations/storage/migrate-files.js';
import { createS3FileStorage } from '../../src/integrations/storage/s3-file-storage.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { startS3Emulator, type S3Emulator } from '../fixtures/s3-emulator.js';

/** `npm run files:migrate`: the local folder into PostgreSQL or S3, idempotent and resumable. */

let ctx: TestContext;
let s3: S3Emulator;
let folder: string;
const files: Record<string, Buffer> = {
  'covers/a.webp': randomBytes(10),
  'covers/a-thumb.webp': randomBytes(20),
  'receipts/p1-abc.pdf': randomBytes(700_000),
  'telegram/pic.png': randomBytes(30),
  'bonus/upload.xlsx': Buffer.alloc(0),
};

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vmeste-migrate-'));
  for (const [key, data] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(folder, key)), { recursive: true });
    await fs.writeFile(path.join(folder, key), data);
  }
  // A writer's leftover beside them is no file of the shop's.
  await fs.writeFile(path.join(folder, 'covers', `a.webp.${randomBytes(4).toString('hex')}.tmp`), 'half');
  [ctx, s3] = await Promise.all([createTestApp(), startS3Emulator()]);
  // A cold start of the app on a busy machine.
}, 180_000);
afterAll(async () => {
  await Promise.all([ctx?.close(), s3?.close(), fs.rm(folder, { recursive: true, force: true })]);
});

/** The local folder, failing to read one file: the run is cut off there. */
function failingOn(source: FileStorage, failKey: string): FileStorage {
  return {
    ...source,
    keys: () => source.keys(),
    open: async (key) => {
      if (key === failKey) throw new Error('диск недоступен');
      return source.open(key);
    },
  };
}

describe.each(['database', 's3'])('files migration into %s', (kind) => {
  it('copies every file, goes on after a cut-off run, and copies nothing the second time', async () => {
    const target = kind === 'database' ? createDatabaseFileStorage(ctx.database.db) : createS3FileStorage(s3.settings);
    const source = createLocalFileStorage(folder);
    const keys: string[] = [];
    for await (const key of source.keys()) keys.push(key);
    expect([...keys].sort()).toEqual(Object.keys(files).sort());

    // Cut off at the third file: the two before it are in the target, whole.
    const copiedBefore: string[] = [];
    await expect(migrateFiles(failingOn(source, keys[2]!), target, (key) => copiedBefore.push(key))).rejects.toThrow('диск недоступен');
    expect(copiedBefore).toEqual(keys.slice(0, 2));

    const resumed = await migrateFiles(source, target);
    expect(resumed).toMatchObject({ copied: keys.length - 2, skipped: 2 });
    for (const [key, data] of Object.entries(files)) expect((await target.get(key))!.equals(data)).toBe(true);

    expect(await migrateFiles(source, target)).toEqual({ copied: 0, skipped: keys.length, bytes: 0 });
    // The folder is left as it was.
    expect((await source.get('receipts/p1-abc.pdf'))!.equals(files['receipts/p1-abc.pdf']!)).toBe(true);
  });
});
