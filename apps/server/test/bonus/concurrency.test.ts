import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { bonusEntries } from '../../src/tables.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { moneyDifferences } from '../fixtures/money-audit.js';
import { createCard, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import type { Headers } from '../fixtures/requests.js';
import { messagesTo } from '../fixtures/warehouse-kit.js';
import {
  type Client,
  entriesOf,
  ledgerCheck,
  manual,
  manualOk,
  newClient,
  orderOf,
  paySandboxWithBonus,
  payWithBonus,
  payWithBonusOk,
  putSettings,
  refund,
  storedBalanceAndLedger,
} from './bonus-kit.js';

/**
 * Real parallelism, so PostgreSQL only (PGlite has one connection and never overlaps two requests):
 * many payments spending one balance, a manual debit racing a spend and an accrual, and the expiry
 * job run by two app instances at once. The balance must hold by the account's lock, not by luck.
 */

const DAY = 24 * 3600 * 1000;
const statusCounts = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

describe.skipIf(!isPostgresRun)('bonus concurrency (PostgreSQL only: PGlite has one connection, so requests never overlap)', () => {
  let ctx: TestContext;
  let admin: Headers;
  let cardId: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
    cardId = (await createCard(ctx.app, admin)).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function expectConsistent(client: Client) {
    const stored = await storedBalanceAndLedger(ctx, client.userId);
    expect(stored.balance).toBe(stored.ledger);
    expect(stored.balance).toBeGreaterThanOrEqual(0);
    return stored.balance;
  }

  it('50 payments at once, each spending from one balance: never more than the balance is spent', async () => {
    const client = await newClient(ctx.app);
    await manualOk(ctx.app, admin, client.phone, 50_000);
    const orders = [];
    for (let i = 0; i < 50; i += 1) orders.push(await orderOf(ctx.app, admin, client.phone, 20_000, cardId));
    // Each asks for 3 000 (within the 30 % cap of 6 000): at most 16 fit in 50 000.
    const answers = await Promise.all(orders.map((o) => payWithBonus(ctx.app, client.headers, [o.id], 3_000)));
    const counts = statusCounts(answers);
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['201', '409']);
    expect(counts[201]).toBe(16);
    const spends = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'spend');
    expect(spends).toHaveLength(16);
    expect(spends.reduce((sum, r) => sum + r.amountKopecks, 0)).toBe(-48_000);
    expect(await expectConsistent(client)).toBe(2_000);
  });

  it('a manual debit, a spend and an accrual at once: each applies under the lock, the balance stays whole', async () => {
    await putSettings(ctx.app, admin, { creditOn: 'payment', spendCapPercent: 100 });
    try {
      for (let round = 0; round < 5; round += 1) {
        const client = await newClient(ctx.app);
        await manualOk(ctx.app, admin, client.phone, 10_000);
        // A pending payment whose money arrives in the race (accrual 3 % of 100 000).
        const paid = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
        const pending = await payWithBonusOk(ctx.app, client.headers, [paid.id], 0);
        const spent = await orderOf(ctx.app, admin, client.phone, 10_000, cardId);
        const [debit, spend, accrual, credit] = await Promise.all([
          manual(ctx.app, admin, client.phone, -8_000),
          payWithBonus(ctx.app, client.headers, [spent.id], 7_000),
          sandboxDecide(ctx.app, sandboxIdOf(pending), 'pay'),
          manual(ctx.app, admin, client.phone, 500),
        ]);
        expect(accrual.statusCode, accrual.body).toBe(200);
        expect(credit.statusCode, credit.body).toBe(201);
        expect([201, 409]).toContain(debit.statusCode);
        expect([201, 409]).toContain(spend.statusCode);
        const expected = 10_000 + 3_000 + 500 - (debit.statusCode === 201 ? 8_000 : 0) - (spend.statusCode === 201 ? 7_000 : 0);
        expect(await expectConsistent(client)).toBe(expected);
      }
      expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
    } finally {
      await putSettings(ctx.app, admin, {});
    }
  });

  it('a refund taking back spent cashback, the same refund again and a spend, all at once: the spend never goes below zero, the reversal is made once', async () => {
    await putSettings(ctx.app, admin, { defaultPercent: 10, creditOn: 'payment', spendCapPercent: 100 });
    // The test's own witness of the order: each balance change logged with a sequence number taken
    // while the account's row is locked, so the log's order is the lock's order.
    const db = ctx.database.db;
    await db.execute(sql`create table test_balance_moves (seq bigserial primary key, user_id uuid, before bigint, after bigint)`);
    await db.execute(
      sql.raw(`create function test_log_balance() returns trigger language plpgsql as $$
        begin insert into test_balance_moves (user_id, before, after) values (new.user_id, old.balance_kopecks, new.balance_kopecks); return new; end $$`),
    );
    await db.execute(
      sql`create trigger test_log_balance after update of balance_kopecks on bonus_accounts for each row execute function test_log_balance()`,
    );
    try {
      for (let round = 0; round < 4; round += 1) {
        const client = await newClient(ctx.app);
        const first = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
        const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [first.id], 0);
        const cashback = 10_000; // 10 % of 1 000 ₽
        // Half of it is spent already, so the reversal makes a debt whichever comes first.
        await manualOk(ctx.app, admin, client.phone, -5_000);
        const other = await orderOf(ctx.app, admin, client.phone, 20_000, cardId);
        const [refundA, refundB, spend] = await Promise.all([
          refund(ctx.app, admin, payment.id),
          refund(ctx.app, admin, payment.id),
          payWithBonus(ctx.app, client.headers, [other.id], 3_000),
        ]);
        expect([refundA.statusCode, refundB.statusCode], `${refundA.body} ${refundB.body}`).toContain(200);
        expect([201, 409]).toContain(spend.statusCode);
        const rows = await entriesOf(ctx, client.userId);
        const reversals = rows.filter((r) => r.kind === 'reversal' && r.paymentId === payment.id);
        expect(reversals.map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-cashback, 0]]);
        const spent = spend.statusCode === 201 ? 3_000 : 0;
        expect(rows.filter((r) => r.kind === 'spend').map((r) => r.amountKopecks)).toEqual(spent ? [-spent] : []);
        const stored = await storedBalanceAndLedger(ctx, client.userId);
        expect(stored).toEqual({ balance: 5_000 - cashback - spent, ledger: 5_000 - cashback - spent });
        // Every move of the balance in the order the account's lock let them happen: the spend's
        // never ends below zero (only the reversal's may).
        const moves = rowsOf<{ before: string; after: string }>(
          await ctx.database.db.execute(sql`select before, after from test_balance_moves where user_id = ${client.userId} order by seq`),
        ).map((m) => ({ before: Number(m.before), after: Number(m.after) }));
        const spendMoves = moves.filter((m) => m.after - m.before === -3_000);
        expect(spendMoves, JSON.stringify(moves)).toHaveLength(spent ? 1 : 0);
        for (const move of spendMoves) expect(move.after, JSON.stringify(moves)).toBeGreaterThanOrEqual(0);
      }
      expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger test_log_balance on bonus_accounts`);
      await putSettings(ctx.app, admin, {});
    }
  });

  it('expiry run by two app instances at once writes one expiry row per client', async () => {
    await putSettings(ctx.app, admin, { expiryDays: 30 });
    // In force for a while: a credit lives as long as the settings of its day say.
    await ctx.database.db.execute(
      sql`update bonus_settings set created_at = now() - interval '100 days' where id = (select max(id) from bonus_settings)`,
    );
    const second = await createTestApp({}, { sameDatabaseAs: ctx });
    try {
      const clients: Client[] = [];
      for (let i = 0; i < 5; i += 1) {
        const client = await newClient(ctx.app);
        const entry = await manualOk(ctx.app, admin, client.phone, 1_000 * (i + 1));
        await ctx.database.db
          .update(bonusEntries)
          .set({ createdAt: new Date(Date.now() - 25 * DAY) })
          .where(eq(bonusEntries.id, entry.id));
        await manualOk(ctx.app, admin, client.phone, 700);
        clients.push(client);
      }
      await Promise.all([ctx.app.areas.bonus.expiry.warn(), second.app.areas.bonus.expiry.warn()]);
      for (const client of clients) expect(await messagesTo(ctx, client.phone, 'bonus_expiring')).toHaveLength(1);
      // Six days later the 30 days have passed.
      const later = new Date(Date.now() + 6 * DAY);
      await Promise.all([ctx.app.areas.bonus.expiry.expire(later), second.app.areas.bonus.expiry.expire(later)]);
      for (const [i, client] of clients.entries()) {
        const expiry = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'expiry');
        expect(expiry.map((r) => r.amountKopecks)).toEqual([-1_000 * (i + 1)]);
        expect(await expectConsistent(client)).toBe(700);
      }
      expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
    } finally {
      await second.close();
      await putSettings(ctx.app, admin, {});
    }
  });

  it('leaves the shop’s money agreeing with itself: the money audit finds no difference', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});
