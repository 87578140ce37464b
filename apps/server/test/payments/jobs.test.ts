import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, payments, rateLimits } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import type { Headers } from '../fixtures/requests.js';
import type { OrderJson } from '../fixtures/purchases-kit.js';
import {
  createCard,
  getPayment,
  goods,
  orderByLink,
  payOk,
  paymentDetails,
  purchaseWithOrders,
  receiptFiles,
  sandboxIdOf,
  setCreatedAt,
  uploadReceipt,
} from '../fixtures/payments-kit.js';

/**
 * The background jobs on the jobs table: a turn is claimed once and runs when due; the payments'
 * jobs recover lost notifications, expire what nobody paid, and give up on receipts that never came.
 * (YooKassa's side of the same jobs is in yookassa.test.ts; two instances in concurrency.test.ts.)
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let cardId: string;
const HOUR = 60 * 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

async function order(kopecks = 10_000): Promise<OrderJson> {
  return (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(kopecks) }] })).orders[0]!;
}

async function runJob(name: string) {
  await ctx.app.jobs.makeDue(name);
  return ctx.app.jobs.runDue();
}

async function jobRow(name: string) {
  const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.name, name));
  return row!;
}

describe('the job runner', () => {
  it('runs every job once when due, then not again until its next time or makeDue', async () => {
    const first = await ctx.app.jobs.runDue();
    expect(first.sort()).toEqual([
      'bonus.expiry',
      'delivery.points-sync',
      'delivery.tracking',
      'files.sweep-orphans',
      'messaging.deliver',
      'orders.payment-reminders',
      'payments.expire',
      'payments.recheck',
      'payments.refunds-compare',
      'payments.refunds-reconcile',
      'purchases.remove-old-covers',
      'rate-limits.cleanup',
      'telegram.housekeeping',
      'telegram.posts',
    ]);
    expect(await ctx.app.jobs.runDue()).toEqual([]);
    const runs = (await jobRow('payments.recheck')).runs;
    expect(await runJob('payments.recheck')).toEqual(['payments.recheck']);
    expect((await jobRow('payments.recheck')).runs).toBe(runs + 1);
    const row = await jobRow('payments.recheck');
    expect(row.nextRunAt.getTime()).toBeGreaterThan(row.lastStartedAt!.getTime());
    expect(row.lastFinishedAt).not.toBeNull();
    expect(row.lastError).toBeNull();
  });

  it('a failing run is recorded and retried at its next turn; the other jobs still run', async () => {
    const job = ctx.app.areas.jobs.find((j) => j.name === 'payments.expire')!;
    const spy = vi.spyOn(job, 'run').mockRejectedValueOnce(new Error('база недоступна'));
    await ctx.database.db.update(jobs).set({ nextRunAt: sql`now()` });
    expect((await ctx.app.jobs.runDue()).sort()).toEqual([
      'bonus.expiry',
      'delivery.points-sync',
      'delivery.tracking',
      'files.sweep-orphans',
      'messaging.deliver',
      'orders.payment-reminders',
      'payments.expire',
      'payments.recheck',
      'payments.refunds-compare',
      'payments.refunds-reconcile',
      'purchases.remove-old-covers',
      'rate-limits.cleanup',
      'telegram.housekeeping',
      'telegram.posts',
    ]);
    expect((await jobRow('payments.expire')).lastError).toBe('база недоступна');
    expect((await jobRow('payments.recheck')).lastError).toBeNull();
    expect(await runJob('payments.expire')).toEqual(['payments.expire']);
    expect((await jobRow('payments.expire')).lastError).toBeNull();
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  it('the clean-up deletes rate-limit windows older than a day, and only those', async () => {
    await ctx.database.db.insert(rateLimits).values([
      { key: 'test:old', windowStartedAt: new Date(Date.now() - 25 * HOUR), hits: 3 },
      { key: 'test:fresh', windowStartedAt: new Date(), hits: 1 },
    ]);
    await runJob('rate-limits.cleanup');
    const keys = (await ctx.database.db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test:fresh');
    expect(keys).not.toContain('test:old');
  });
});

describe('payments.recheck', () => {
  it('applies a payment the provider has but whose notification never came', async () => {
    const paid = await order(12_300);
    const result = await payOk(ctx.app, client, [paid.id], 'card');
    await ctx.database.db.execute(sql`update sandbox_payments set status = 'succeeded' where id = ${sandboxIdOf(result)}`);
    await runJob('payments.recheck');
    expect((await getPayment(ctx.app, result.payments[0]!.id)).status).toBe('succeeded');
    expect(await orderByLink(ctx.app, paid.id)).toMatchObject({ paidKopecks: 12_300, dueKopecks: 0 });
  });

  it('drops a payment the provider never heard of (the process died in between) after ten minutes, not before', async () => {
    const fresh = await order();
    const young = (await payOk(ctx.app, client, [fresh.id], 'card')).payments[0]!;
    await ctx.database.db.update(payments).set({ providerPaymentId: null }).where(eq(payments.id, young.id));
    await runJob('payments.recheck');
    expect((await getPayment(ctx.app, young.id)).status).toBe('pending');

    await setCreatedAt(ctx, young.id, new Date(Date.now() - 11 * 60_000));
    await runJob('payments.recheck');
    expect(await getPayment(ctx.app, young.id)).toMatchObject({ status: 'canceled', reason: 'Платёж не был создан у платёжного сервиса' });
    expect((await paymentDetails(ctx.app, admin, young.id)).history.at(-1)).toMatchObject({ action: 'expired', actorName: null });
    expect((await payOk(ctx.app, client, [fresh.id], 'sbp')).payments).toHaveLength(1);
  });
});

describe('payments.expire', () => {
  it('cancels an online payment pending past the window, and leaves a younger one', async () => {
    const oldOrder = await order();
    const youngOrder = await order();
    const old = (await payOk(ctx.app, client, [oldOrder.id], 'sbp')).payments[0]!;
    const young = (await payOk(ctx.app, client, [youngOrder.id], 'sbp')).payments[0]!;
    await setCreatedAt(ctx, old.id, new Date(Date.now() - 61 * 60_000));
    await setCreatedAt(ctx, young.id, new Date(Date.now() - 59 * 60_000));
    await runJob('payments.expire');
    expect(await getPayment(ctx.app, old.id)).toMatchObject({ status: 'canceled', reason: 'Время на оплату истекло' });
    expect((await getPayment(ctx.app, young.id)).status).toBe('pending');
    expect((await payOk(ctx.app, client, [oldOrder.id], 'card')).payments).toHaveLength(1);
  });

  it('gives up on a transfer whose receipt never came, but not on one whose receipt waits for the admin', async () => {
    const silentOrder = await order();
    const checkedOrder = await order();
    const silent = (await payOk(ctx.app, client, [silentOrder.id], 'transfer')).payments[0]!;
    const checked = (await payOk(ctx.app, client, [checkedOrder.id], 'transfer')).payments[0]!;
    expect((await uploadReceipt(ctx.app, client, checked.id, (await receiptFiles()).png)).statusCode).toBe(200);
    await setCreatedAt(ctx, silent.id, new Date(Date.now() - 71 * HOUR));
    await setCreatedAt(ctx, checked.id, new Date(Date.now() - 100 * HOUR));
    await runJob('payments.expire');
    expect((await getPayment(ctx.app, silent.id)).status).toBe('pending');

    await setCreatedAt(ctx, silent.id, new Date(Date.now() - 73 * HOUR));
    await runJob('payments.expire');
    expect(await getPayment(ctx.app, silent.id)).toMatchObject({ status: 'canceled', reason: 'Чек перевода не загружен вовремя' });
    expect((await getPayment(ctx.app, checked.id)).status).toBe('awaiting_check');
    expect((await payOk(ctx.app, client, [silentOrder.id], 'transfer')).payments).toHaveLength(1);
  });
});
