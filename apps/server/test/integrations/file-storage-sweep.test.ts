import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';

/**
 * The hourly job `files.sweep-orphans` (docs/decisions/035) on the shop's own storage: what a writer
 * that died left behind a day ago is swept; a fresh leftover (a writer that may still be going) and
 * every stored file are kept. On PostgreSQL the storage is the files tables; on the embedded
 * database, the uploads folder and its aside copies.
 */

let ctx: TestContext;
const DAY_AND_MORE = 25 * 60 * 60;

beforeAll(async () => {
  ctx = await createTestApp();
  // Every job's first turn, so the one below runs alone.
  await ctx.app.jobs.runDue();
});
afterAll(() => ctx?.close());

async function runSweep() {
  await ctx.app.jobs.makeDue('files.sweep-orphans');
  expect(await ctx.app.jobs.runDue()).toEqual(['files.sweep-orphans']);
}

describe.runIf(isPostgresRun)('in PostgreSQL', () => {
  const versions = async () =>
    rowsOf<{ version: string }>(await ctx.database.db.execute(sql`select distinct version::text as version from stored_file_chunks`)).map(
      (r) => r.version,
    );

  it('sweeps a dead writer’s chunks older than the grace; keeps a fresh one and a stored file', async () => {
    expect(ctx.app.storage.kind).toBe('database');
    const key = `covers/kept-${randomBytes(4).toString('hex')}.webp`;
    await ctx.app.storage.put(key, Buffer.from('обложка'));
    const [old, fresh] = [randomUUID(), randomUUID()];
    await ctx.database.db.execute(sql`update stored_file_chunks set written_at = now() - make_interval(secs => ${DAY_AND_MORE})`);
    await ctx.database.db.execute(sql`
      insert into stored_file_chunks (version, seq, data, written_at) values
        (${old}::uuid, 0, '\\x01', now() - make_interval(secs => ${DAY_AND_MORE})),
        (${old}::uuid, 1, '\\x02', now() - make_interval(secs => ${DAY_AND_MORE})),
        (${fresh}::uuid, 0, '\\x03', now())`);
    await runSweep();
    const left = await versions();
    expect(left).not.toContain(old);
    expect(left).toContain(fresh);
    expect((await ctx.app.storage.get(key))!.toString()).toBe('обложка');
  });
});

describe.runIf(!isPostgresRun)('in the uploads folder', () => {
  it('sweeps a dead writer’s aside copy older than the grace; keeps a fresh one and a stored file', async () => {
    expect(ctx.app.storage.kind).toBe('local');
    const root = ctx.config.uploadsDir;
    const key = `covers/kept-${randomBytes(4).toString('hex')}.webp`;
    await ctx.app.storage.put(key, Buffer.from('обложка'));
    const old = path.join(root, `${key}.${randomUUID()}.tmp`);
    const fresh = path.join(root, `${key}.${randomUUID()}.tmp`);
    await fs.writeFile(old, 'обрывок');
    await fs.writeFile(fresh, 'пишется');
    const longAgo = new Date(Date.now() - DAY_AND_MORE * 1000);
    await Promise.all([fs.utimes(old, longAgo, longAgo), fs.utimes(path.join(root, key), longAgo, longAgo)]);
    await runSweep();
    await expect(fs.stat(old)).rejects.toThrow(/ENOENT/);
    expect((await fs.readFile(fresh)).toString()).toBe('пишется');
    expect((await ctx.app.storage.get(key))!.toString()).toBe('обложка');
  });
});
