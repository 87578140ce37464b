import { type AdminPaymentDetails, endpoints } from '@vmeste/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, paymentItems, paymentRefunds, payments } from '../../src/tables.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { moneyDifferences } from '../fixtures/money-audit.js';
import { callUnchecked, type Headers } from '../fixtures/requests.js';
import type { OrderJson } from '../fixtures/purchases-kit.js';
import {
  adminAction,
  createCard,
  getPayment,
  goods,
  orderByLink,
  pay,
  payOk,
  paymentDetails,
  purchaseWithOrders,
  receiptFiles,
  recordCash,
  uploadReceipt,
} from '../fixtures/payments-kit.js';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

/**
 * Real parallelism, so PostgreSQL only (PGlite has one connection and never overlaps two requests):
 * a hundred pay presses for one order, twenty admins pressing one button, two app instances on one
 * database running the background jobs. The rules must hold by the database, not by luck.
 */

const statusCounts = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, res) => ({ ...counts, [res.statusCode]: (counts[res.statusCode] ?? 0) + 1 }), {});

describe.skipIf(!isPostgresRun)('concurrency (PostgreSQL only: PGlite has one connection, so requests never overlap)', () => {
  let yk: YooKassaEmulator;
  let ctx: TestContext;
  let admin: Headers;
  let client: Headers;
  let cardId: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    yk = await startYooKassaEmulator();
    env = { PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: yk.shopId, YOOKASSA_SECRET_KEY: yk.secretKey, YOOKASSA_BASE_URL: yk.apiUrl };
    ctx = await createTestApp(env);
    admin = await signInAs(ctx.app, 'admin');
    client = await signInAs(ctx.app, 'client');
    cardId = (await createCard(ctx.app, admin)).id;
  });
  afterAll(async () => {
    await ctx?.close();
    await yk?.close();
  });

  async function orders(...kopecks: number[]): Promise<OrderJson[]> {
    const made = await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(kopecks[0]!) }] });
    const rest = [];
    for (const k of kopecks.slice(1)) {
      rest.push((await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(k) }] })).orders[0]!);
    }
    return [made.orders[0]!, ...rest];
  }

  async function paymentsOfOrder(orderId: string) {
    return ctx.database.db
      .select({ id: payments.id, status: payments.status })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.id, paymentItems.paymentId))
      .where(eq(paymentItems.orderId, orderId));
  }

  it('100 concurrent pay requests for one order create exactly one payment', async () => {
    const [order] = await orders(100_000);
    const methods = ['card', 'sbp', 'transfer'] as const;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => pay(ctx.app, client, [order!.id], methods[i % 3]!)));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 99 });
    const created = await paymentsOfOrder(order!.id);
    expect(created).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 201)!.json<{ payments: { id: string; number: number }[] }>().payments[0]!;
    expect(created[0]!.id).toBe(winner.id);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json<{ message: string }>().message).toContain(`(платёж №${winner.number})`);
    }
  });

  it('overlapping selections at once: no order ever ends in two open payments', async () => {
    const [a, b, c] = await orders(10_000, 20_000, 30_000);
    const selections = [[a!.id], [b!.id], [c!.id], [a!.id, b!.id], [b!.id, c!.id], [a!.id, c!.id], [a!.id, b!.id, c!.id]];
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) => pay(ctx.app, client, selections[i % selections.length]!, 'card')),
    );
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    for (const order of [a!, b!, c!]) {
      const open = (await paymentsOfOrder(order.id)).filter((p) => p.status === 'pending');
      expect(open, `order №${order.number}`).toHaveLength(1);
    }
    const rows = await ctx.database.db
      .select({ id: paymentItems.id })
      .from(paymentItems)
      .where(inArray(paymentItems.orderId, [a!.id, b!.id, c!.id]));
    expect(rows.length).toBe(3);
  });

  it('20 admins confirming one transfer at once: applied once', async () => {
    const [a, b] = await orders(40_000, 60_000);
    const payment = (await payOk(ctx.app, client, [a!.id, b!.id], 'transfer')).payments[0]!;
    expect((await uploadReceipt(ctx.app, client, payment.id, (await receiptFiles()).png)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => adminAction(ctx.app, admin, payment.id, 'confirm')));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 19 });
    expect((await orderByLink(ctx.app, a!.id)).paidKopecks).toBe(40_000);
    expect((await orderByLink(ctx.app, b!.id)).paidKopecks).toBe(60_000);
    const history = (await paymentDetails(ctx.app, admin, payment.id)).history;
    expect(history.filter((h) => h.action === 'confirmed')).toHaveLength(1);
  });

  it('20 refund presses on one cash payment: one refund row, the money due once more', async () => {
    const [order] = await orders(25_000);
    const cash = (await recordCash(ctx.app, admin, order!.id)).json<AdminPaymentDetails>();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => adminAction(ctx.app, admin, cash.id, 'refund', { comment: 'Вернули наличными' })),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 19 });
    expect(await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, cash.id))).toHaveLength(1);
    expect(await getPayment(ctx.app, cash.id)).toMatchObject({ status: 'refunded', refundedKopecks: 25_000 });
    expect(await orderByLink(ctx.app, order!.id)).toMatchObject({ paidKopecks: 0, dueKopecks: 25_000 });
  });

  it('20 refund presses on one online payment, whole and per order mixed: YooKassa and the shop agree, each item refunded once', async () => {
    const [a, b] = await orders(30_000, 50_000);
    const created = await payOk(ctx.app, client, [a!.id, b!.id], 'card');
    const payment = created.payments[0]!;
    const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
    yk.succeed(yooId);
    const notified = await callUnchecked(ctx.app, endpoints.payments.yookassaNotification, {
      body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
    });
    expect(notified.statusCode).toBe(200);

    const bodies = [{}, { orderId: a!.id }, { orderId: b!.id }, {}];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adminAction(ctx.app, admin, payment.id, 'refund', bodies[i % bodies.length]!)),
    );
    expect(answers.some((r) => r.statusCode === 200)).toBe(true);
    expect(answers.every((r) => [200, 409, 502].includes(r.statusCode))).toBe(true);

    const after = await getPayment(ctx.app, payment.id);
    const refundRows = await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    const byItem = new Map<string, number>();
    for (const row of refundRows) byItem.set(row.itemId, (byItem.get(row.itemId) ?? 0) + row.amountKopecks);
    for (const item of after.items) {
      expect(refundRows.filter((r) => r.itemId === item.id).length, `refunds of order №${item.orderNumber}`).toBeLessThanOrEqual(1);
      expect(byItem.get(item.id) ?? 0).toBe(item.refundedKopecks);
    }
    expect(after.refundedKopecks).toBe(after.items.reduce((sum, i) => sum + i.refundedKopecks, 0));
    // What YooKassa gave back is exactly what the shop wrote down.
    const atYooKassa = yk.payments.get(yooId)!.refunded_amount?.value ?? '0.00';
    expect(Math.round(Number(atYooKassa) * 100)).toBe(after.refundedKopecks);
    for (const item of after.items) {
      expect((await orderByLink(ctx.app, item.orderId!)).paidKopecks).toBe(item.amountKopecks - item.refundedKopecks);
    }
  });

  describe('two app instances on one database', () => {
    let second: TestContext;
    beforeAll(async () => {
      second = await createTestApp(env, { sameDatabaseAs: ctx });
    });
    afterAll(() => second?.close());

    it('each due turn of a job runs once, however the instances race for it', async () => {
      // A pending online payment, so every turn of the re-check asks YooKassa about it exactly once.
      const [order] = await orders(10_000);
      const created = await payOk(ctx.app, client, [order!.id], 'card');
      const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
      const asked = () => yk.requests.filter((r) => r.method === 'GET' && r.path === `/v3/payments/${yooId}`).length;
      const names = [
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
      ];

      // The first turn also creates the jobs' rows: both instances insert at once.
      const runsBefore = new Map<string, number>();
      const TURNS = 15;
      const askedBefore = asked();
      for (let turn = 0; turn < TURNS; turn += 1) {
        if (turn > 0) await ctx.database.db.update(jobs).set({ nextRunAt: sql`now()` });
        const ran = (
          await Promise.all([ctx.app.jobs.runDue(), second.app.jobs.runDue(), second.app.jobs.runDue(), ctx.app.jobs.runDue()])
        ).flat();
        expect(ran.sort(), `turn ${turn + 1}`).toEqual(names);
        if (turn === 0) for (const row of await ctx.database.db.select().from(jobs)) runsBefore.set(row.name, row.runs);
        // Not due any more: nothing runs until the next turn.
        expect((await Promise.all([ctx.app.jobs.runDue(), second.app.jobs.runDue()])).flat()).toEqual([]);
      }
      for (const row of await ctx.database.db.select().from(jobs)) {
        expect(row.runs - runsBefore.get(row.name)!, row.name).toBe(TURNS - 1);
      }
      // Each re-check turn (and each expiry turn? no: the payment is young) asked YooKassa once.
      expect(asked() - askedBefore).toBe(TURNS);
      expect((await getPayment(second.app, created.payments[0]!.id)).status).toBe('pending');
    });
  });

  it('leaves the shop’s money agreeing with itself: the money audit finds no difference', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});
