import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { CHUNK_BYTES, createDatabaseFileStorage } from '../../src/integrations/storage/database-file-storage.js';
import { createLocalFileStorage, type FileStorage } from '../../src/integrations/storage/file-storage.js';
import { createS3FileStorage } from '../../src/integrations/storage/s3-file-storage.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { startS3Emulator, type S3Emulator } from '../fixtures/s3-emulator.js';

/**
 * The promises every file storage keeps (docs/decisions/035), run against the three: the local
 * folder, PostgreSQL (the test database: PGlite, or a server with DATABASE_URL) and S3 (s3rver).
 */

/** A stream of the bytes in uneven pieces, as an upload comes off the network. */
function streamOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0, step = 1; at < bytes.length; at += step, step = (step * 7 + 13) % 300_000) {
    pieces.push(bytes.subarray(at, at + step));
  }
  return Readable.from(pieces);
}

let ctx: TestContext;
let s3: S3Emulator;
let folder: string;
const backends: Record<string, () => FileStorage> = {
  local: () => createLocalFileStorage(folder),
  database: () => createDatabaseFileStorage(ctx.database.db),
  s3: () => createS3FileStorage(s3.settings),
};

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'vmeste-files-'));
  [ctx, s3] = await Promise.all([createTestApp(), startS3Emulator()]);
  // A cold start of the app on a busy machine.
}, 180_000);
afterAll(async () => {
  await Promise.all([ctx?.close(), s3?.close(), fs.rm(folder, { recursive: true, force: true })]);
});

describe.each(Object.keys(backends))('file storage: %s', (name) => {
  let storage: FileStorage;
  const key = (label: string) => `test/${name}-${label}-${randomBytes(4).toString('hex')}.bin`;
  beforeAll(() => {
    storage = backends[name]!();
  });

  it('gives back what was put, by buffer and by stream, with its size', async () => {
    const k = key('round');
    const bytes = randomBytes(1000);
    await storage.put(k, bytes);
    expect(await storage.get(k)).toEqual(bytes);
    expect(await storage.sizeOf(k)).toBe(1000);
    const opened = await storage.open(k);
    expect(opened!.sizeBytes).toBe(1000);
    expect(await buffer(opened!.stream)).toEqual(bytes);
  });

  it('stores an empty file', async () => {
    const k = key('empty');
    await storage.put(k, Buffer.alloc(0));
    expect(await storage.get(k)).toEqual(Buffer.alloc(0));
    expect(await storage.sizeOf(k)).toBe(0);
    expect(await buffer((await storage.open(k))!.stream)).toEqual(Buffer.alloc(0));
  });

  it('takes a large file as a stream in uneven pieces and streams it out in more than one piece', async () => {
    const k = key('large');
    // Past S3's 5 MiB part, so the emulator takes a multipart upload, and many database chunks.
    const bytes = randomBytes(6 * 1024 * 1024 + 12_345);
    await storage.put(k, streamOf(bytes));
    expect(await storage.sizeOf(k)).toBe(bytes.length);
    const opened = (await storage.open(k))!;
    expect(opened.sizeBytes).toBe(bytes.length);
    const pieces: Buffer[] = [];
    for await (const piece of opened.stream) pieces.push(piece as Buffer);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect((await storage.get(k))!.equals(bytes)).toBe(true);
  });

  it('answers a missing key with null, and deletes one without complaint', async () => {
    const k = key('missing');
    expect(await storage.get(k)).toBeNull();
    expect(await storage.open(k)).toBeNull();
    expect(await storage.sizeOf(k)).toBeNull();
    await storage.delete(k);
  });

  it('replaces a file, and forgets a deleted one', async () => {
    const k = key('replace');
    await storage.put(k, Buffer.from('first'));
    await storage.put(k, Buffer.from('second, longer'));
    expect((await storage.get(k))!.toString()).toBe('second, longer');
    await storage.delete(k);
    expect(await storage.get(k)).toBeNull();
    expect(await storage.open(k)).toBeNull();
  });

  it('leaves one of two writers of one key whole, and two instances see the same file', async () => {
    const k = key('race');
    // A second instance's storage over the same folder, database or bucket.
    const other = backends[name]!();
    // Several chunks each, so the writers interleave in the database.
    const a = Buffer.alloc(3 * CHUNK_BYTES + 5, 'a');
    const b = Buffer.alloc(2 * CHUNK_BYTES + 7, 'b');
    await Promise.all([storage.put(k, streamOf(a)), other.put(k, streamOf(b)), other.put(k, a), storage.put(k, b)]);
    const stored = (await storage.get(k))!;
    expect(stored.equals(a) || stored.equals(b)).toBe(true);
    expect(await storage.sizeOf(k)).toBe(stored.length);
    expect((await other.get(k))!.equals(stored)).toBe(true);
    expect(await buffer((await other.open(k))!.stream)).toEqual(stored);
  });

  it('lists its keys', async () => {
    const [k1, k2] = [key('list'), key('list')];
    await storage.put(k1, Buffer.from('1'));
    await storage.put(k2, Buffer.from('2'));
    const keys: string[] = [];
    for await (const k of storage.keys()) keys.push(k);
    expect(keys).toEqual(expect.arrayContaining([k1, k2]));
  });

  it('lists more keys than one page holds (S3 answers 1,000 a page, PostgreSQL is read 500 at a time)', async () => {
    const prefix = `test/paged-${randomBytes(4).toString('hex')}`;
    const many = Array.from({ length: 1005 }, (_, i) => `${prefix}/${String(i).padStart(4, '0')}.txt`);
    for (let at = 0; at < many.length; at += 50) {
      await Promise.all(many.slice(at, at + 50).map((k) => storage.put(k, Buffer.from(k))));
    }
    const listed: string[] = [];
    for await (const k of storage.keys()) if (k.startsWith(`${prefix}/`)) listed.push(k);
    expect(listed.sort()).toEqual(many);
  }, 120_000);

  it('refuses a key that could leave its place', async () => {
    await expect(storage.put('../escape/x.bin', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
  });
});

describe('file storage in PostgreSQL', () => {
  const chunkCount = async (where = sql`true`) =>
    Number(rowsOf<{ n: string }>(await ctx.database.db.execute(sql`select count(*) as n from stored_file_chunks where ${where}`))[0]!.n);

  it('keeps no chunks of a replaced, raced or deleted file', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    const k = `test/chunks-${randomBytes(4).toString('hex')}.bin`;
    await storage.put(k, Buffer.alloc(2 * CHUNK_BYTES + 1, 1));
    await Promise.all([storage.put(k, Buffer.alloc(CHUNK_BYTES + 1, 2)), storage.put(k, Buffer.alloc(3 * CHUNK_BYTES, 3))]);
    const current = sql`version = (select version from stored_files where key = ${k})`;
    const stored = (await storage.get(k))!;
    expect(await chunkCount(current)).toBe(Math.ceil(stored.length / CHUNK_BYTES));
    expect(await chunkCount(sql`version not in (select version from stored_files)`)).toBe(0);
    await storage.delete(k);
    expect(await chunkCount(current)).toBe(0);
  });

  it('refuses a stored file whose chunks are gone instead of looking for them forever', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    const k = `test/damaged-${randomBytes(4).toString('hex')}.bin`;
    await storage.put(k, Buffer.alloc(CHUNK_BYTES + 1, 4));
    await ctx.database.db.execute(sql`delete from stored_file_chunks where version = (select version from stored_files where key = ${k})`);
    await expect(storage.get(k)).rejects.toThrow(/has no data/);
    await expect(storage.open(k)).rejects.toThrow(/has no data/);
    await storage.delete(k);
  });

  it('sweeps the chunks of a writer that died, after a day, and nothing else', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    const k = `test/kept-${randomBytes(4).toString('hex')}.bin`;
    await storage.put(k, Buffer.from('kept'));
    await ctx.database.db.execute(sql`update stored_file_chunks set written_at = now() - interval '2 days'`);
    await ctx.database.db.execute(
      sql`insert into stored_file_chunks (version, seq, data, written_at) values (gen_random_uuid(), 0, '\\x00', now() - interval '2 days'), (gen_random_uuid(), 0, '\\x00', now())`,
    );
    expect(await storage.sweepOrphans()).toBe(1);
    expect((await storage.get(k))!.toString()).toBe('kept');
    expect(await chunkCount(sql`version not in (select version from stored_files)`)).toBe(1);
  });

  const unnamed = sql`version not in (select version from stored_files)`;
  /** An upload whose first two chunks are in the database and whose rest waits for `go`. */
  async function pausedUpload(storage: FileStorage, key: string, chunksBefore = 0) {
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    async function* pieces() {
      yield Buffer.alloc(CHUNK_BYTES + 10, 1);
      yield Buffer.alloc(CHUNK_BYTES, 1);
      await gate;
      yield Buffer.alloc(10, 2);
    }
    const stored = storage.put(key, Readable.from(pieces()));
    stored.catch(() => undefined);
    // The stream reads ahead of the writer: wait for the chunk itself.
    while ((await chunkCount(unnamed)) < chunksBefore + 2) await new Promise((resolve) => setTimeout(resolve, 10));
    return { stored, go };
  }

  it('never sweeps a writer still streaming: its first chunk is old, its newest fresh', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    const k = `test/slow-${randomBytes(4).toString('hex')}.bin`;
    await ctx.database.db.execute(sql`delete from stored_file_chunks where ${unnamed}`);
    const upload = await pausedUpload(storage, k);
    await ctx.database.db.execute(sql`update stored_file_chunks set written_at = now() - interval '2 days' where ${unnamed} and seq = 0`);
    expect(await storage.sweepOrphans()).toBe(0);
    expect(await chunkCount(unnamed)).toBe(2);
    upload.go();
    await upload.stored;
    expect(await storage.sizeOf(k)).toBe(2 * CHUNK_BYTES + 20);
  });

  it('a writer whose chunks were swept before its switch fails, and no key names missing chunks', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    const k = `test/stalled-${randomBytes(4).toString('hex')}.bin`;
    await ctx.database.db.execute(sql`delete from stored_file_chunks where ${unnamed}`);
    const upload = await pausedUpload(storage, k);
    // Stalled past the grace: its chunks look like a dead writer's.
    await ctx.database.db.execute(sql`update stored_file_chunks set written_at = now() - interval '2 days' where ${unnamed}`);
    expect(await storage.sweepOrphans()).toBe(2);
    upload.go();
    await expect(upload.stored).rejects.toThrow(/swept/);
    expect(await storage.get(k)).toBeNull();
    expect(await chunkCount(unnamed)).toBe(0);
  });

  it.runIf(isPostgresRun)('sweeps racing writers at their switch: every file is whole, or its upload fails', async () => {
    const storage = createDatabaseFileStorage(ctx.database.db);
    await ctx.database.db.execute(sql`delete from stored_file_chunks where ${unnamed}`);
    const keys = Array.from({ length: 8 }, (_, i) => `test/racing-${i}-${randomBytes(4).toString('hex')}.bin`);
    const uploads = [];
    for (const [i, k] of keys.entries()) uploads.push(await pausedUpload(storage, k, 2 * i));
    await ctx.database.db.execute(sql`update stored_file_chunks set written_at = now() - interval '2 days' where ${unnamed}`);
    // The writers reach their switch while two sweeps (two instances' turns) remove stale versions.
    for (const upload of uploads) upload.go();
    await Promise.all([storage.sweepOrphans(), storage.sweepOrphans()]);
    const outcomes = await Promise.allSettled(uploads.map((u) => u.stored));
    for (const [i, outcome] of outcomes.entries()) {
      const stored = await storage.get(keys[i]!);
      if (outcome.status === 'fulfilled') expect(stored?.length, keys[i]).toBe(2 * CHUNK_BYTES + 20);
      else {
        expect(String(outcome.reason)).toMatch(/swept/);
        expect(stored).toBeNull();
      }
    }
    expect(await chunkCount(unnamed)).toBe(0);
  });
});
