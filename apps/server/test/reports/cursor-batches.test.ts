import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { cursorBatches } from '../../src/shared/cursor-batches.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';

/** The XLSX export's cursor: every row once, in order, a batch at a time; a download cut off leaves no transaction open. */
describe.skipIf(!isPostgresRun)('rows through a cursor (PostgreSQL only)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const numbers = sql`select g as n from generate_series(1, 1000) g order by g`;

  it('gives every row once, in the query’s order, in batches of the size asked', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const batch of cursorBatches<{ n: number }>(ctx.database.db, numbers, 300)) {
      sizes.push(batch.length);
      seen.push(...batch.map((r) => Number(r.n)));
    }
    expect(sizes).toEqual([300, 300, 300, 100]);
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });

  it('stopped after the first batch, rolls its transaction back and gives the connection back', async () => {
    for await (const batch of cursorBatches<{ n: number }>(ctx.database.db, numbers, 100)) {
      expect(batch).toHaveLength(100);
      break;
    }
    const openCursors = async () =>
      Number(
        rowsOf<{ n: string }>(
          await ctx.database.db.execute(
            sql`select count(*) as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%' and query like 'fetch%'`,
          ),
        )[0]!.n,
      );
    await expect.poll(openCursors, { timeout: 5_000 }).toBe(0);
    // Twenty more cut-off downloads than the pool has connections: none of them keeps one.
    for (let i = 0; i < 20; i += 1) {
      for await (const batch of cursorBatches<{ n: number }>(ctx.database.db, numbers, 10)) {
        expect(batch).toHaveLength(10);
        break;
      }
    }
    const [row] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select 1 as n`));
    expect(Number(row!.n)).toBe(1);
  });

  it('a failing query ends the iteration with its error', async () => {
    const broken = sql`select 1 / (g - 5) as n from generate_series(1, 10) g`;
    const read = async () => {
      for await (const batch of cursorBatches(ctx.database.db, broken, 2)) expect(batch).toBeDefined();
    };
    await expect(read()).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } });
  });
});
