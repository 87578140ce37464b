import { endpoints, type PaymentDifference } from '@vmeste/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bonusEntries, paymentRefunds } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';
import { adminAction, adminActionOk, createCard, getPayment, orderByLink, payOk, paymentDetails } from '../fixtures/payments-kit.js';
import { type Client, newClient, orderOf } from '../bonus/bonus-kit.js';
import { startYooKassaEmulator, type YooKassaEmulator } from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

/**
 * Refunds are recorded before the provider is asked (issue 25 items 1 and 2, docs/decisions/024): a
 * money refund and a bonus refund of one payment can never together give back more than was paid,
 * the provider is asked only for money that goes back, a crash after the provider's refund is
 * finished by the reconcile job exactly once, a refused refund frees its sum. Every expected sum is
 * counted on the provider's side (the emulator) and in the bonus ledger, not in the shop's own rows.
 */

let yk: YooKassaEmulator;
let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  yk = await startYooKassaEmulator();
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: yk.shopId,
    YOOKASSA_SECRET_KEY: yk.secretKey,
    YOOKASSA_BASE_URL: yk.apiUrl,
  });
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await yk.whenIdle();
  yk.failNext(0, { status: 500 });
  yk.refundsPendingNext(0);
});
afterAll(async () => {
  await ctx?.close();
  await yk?.close();
});

/** A client's online payment of these orders, paid at YooKassa and applied by its notification. */
async function paidOnline(...kopecks: number[]) {
  const client = await newClient(ctx.app);
  const orders = [];
  for (const k of kopecks) orders.push(await orderOf(ctx.app, admin, client.phone, k, cardId));
  const created = await payOk(
    ctx.app,
    client.headers,
    orders.map((o) => o.id),
    'card',
  );
  const yooId = new URL(created.redirectUrl!).pathname.split('/').at(-1)!;
  yk.succeed(yooId);
  const notified = await callUnchecked(ctx.app, endpoints.payments.yookassaNotification, {
    body: { type: 'notification', event: 'payment.succeeded', object: yk.payments.get(yooId) },
  });
  expect(notified.statusCode).toBe(200);
  return { client, orders, paymentId: created.payments[0]!.id, yooId };
}

/** What YooKassa gave back to the card for this payment: its succeeded refunds. */
function refundedAtProvider(yooId: string): number {
  return [...yk.refunds.values()]
    .filter((r) => r.payment_id === yooId && r.status === 'succeeded')
    .reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
}

const refundRequests = (yooId: string) =>
  yk.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds' && (r.body as { payment_id?: string }).payment_id === yooId);

/** What the bonus programme credited the client for refunds (its own ledger). */
async function bonusRefunded(client: Client): Promise<number> {
  const [row] = await ctx.database.db
    .select({ sum: sql<string>`coalesce(sum(${bonusEntries.amountKopecks}), 0)` })
    .from(bonusEntries)
    .where(sql`${bonusEntries.userId} = ${client.userId} and ${bonusEntries.kind} = 'refund'`);
  return Number(row?.sum ?? 0);
}

async function refundRows(paymentId: string) {
  return ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
}

/** The pending refunds of a payment were written long enough ago for the reconcile job to ask and the admin to be shown. */
async function ageRefunds(paymentId: string) {
  await ctx.database.db
    .update(paymentRefunds)
    .set({ createdAt: new Date(Date.now() - 15 * 60_000) })
    .where(eq(paymentRefunds.paymentId, paymentId));
}

async function runReconcile(name = 'payments.refunds-reconcile') {
  await ctx.app.jobs.makeDue(name);
  expect(await ctx.app.jobs.runDue()).toContain(name);
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

async function differences(): Promise<PaymentDifference[]> {
  const res = await call(ctx.app, endpoints.payments.differences, { headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentDifference[]>();
}

describe('two refunds of one payment at once', () => {
  it('a money refund on its way to the provider and a bonus refund: together never more than was paid', async () => {
    const { client, paymentId, yooId } = await paidOnline(100_000);
    // The money refund is planned and sent; YooKassa takes its time to answer.
    yk.delayNext(400);
    const money = adminAction(ctx.app, admin, paymentId, 'refund', {});
    await until(() => refundRequests(yooId).length === 1);
    const bonus = await adminAction(ctx.app, admin, paymentId, 'refund', { to: 'bonus' });
    const moneyAnswer = await money;

    expect(moneyAnswer.statusCode, moneyAnswer.body).toBe(200);
    expect(bonus.statusCode, bonus.body).toBe(409);
    expect(bonus.json<{ message: string }>().message).toBe(
      'Этот возврат уже оформлен и ждёт ответа платёжного сервиса: обновите страницу через минуту',
    );
    const atProvider = refundedAtProvider(yooId);
    const toBonuses = await bonusRefunded(client);
    expect(atProvider + toBonuses).toBe(100_000);
    expect(atProvider).toBe(100_000);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'refunded', refundedKopecks: 100_000 });
  });

  it('a bonus refund and a money refund pressed together: one of them, and the provider asked only if it was the money', async () => {
    const { client, paymentId, yooId } = await paidOnline(70_000);
    const [bonus, money] = await Promise.all([
      adminAction(ctx.app, admin, paymentId, 'refund', { to: 'bonus' }),
      adminAction(ctx.app, admin, paymentId, 'refund', {}),
    ]);
    expect([bonus.statusCode, money.statusCode].sort()).toEqual([200, 409]);
    const atProvider = refundedAtProvider(yooId);
    expect(atProvider + (await bonusRefunded(client))).toBe(70_000);
    // Asked only for money that went back to the card.
    expect(refundRequests(yooId)).toHaveLength(atProvider > 0 ? 1 : 0);
  });

  it('twelve refunds of mixed destinations and orders at once: the provider, the bonus ledger and the shop agree, within what was paid', async () => {
    const { client, orders, paymentId, yooId } = await paidOnline(30_000, 50_000);
    const [a, b] = orders;
    const bodies = [
      {},
      { to: 'bonus' },
      { orderId: a!.id },
      { orderId: b!.id, to: 'bonus' },
      { orderId: a!.id, to: 'bonus' },
      { orderId: b!.id },
    ];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => adminAction(ctx.app, admin, paymentId, 'refund', bodies[i % 6]!)),
    );
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(
      answers.every((r) => [200, 409].includes(r.statusCode)),
      answers.map((r) => r.body).join('\n'),
    ).toBe(true);

    const atProvider = refundedAtProvider(yooId);
    const toBonuses = await bonusRefunded(client);
    const after = await getPayment(ctx.app, paymentId);
    expect(atProvider + toBonuses).toBe(after.refundedKopecks);
    expect(after.refundedKopecks).toBeLessThanOrEqual(80_000);
    // Each request that reached the provider gave money back: none was refused for want of money left.
    expect(refundRequests(yooId).length).toBe([...yk.refunds.values()].filter((r) => r.payment_id === yooId).length);
    const rows = await refundRows(paymentId);
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
    for (const item of after.items) {
      expect(item.refundedKopecks).toBeLessThanOrEqual(item.amountKopecks);
      expect(rows.filter((r) => r.itemId === item.id).reduce((sum, r) => sum + r.amountKopecks, 0)).toBe(item.refundedKopecks);
      expect((await orderByLink(ctx.app, item.orderId!)).paidKopecks).toBe(item.amountKopecks - item.refundedKopecks);
    }
  });
});

describe('a crash between the provider and the record', () => {
  it('the provider refunded, then the write died: the reconcile job writes it, once', async () => {
    const { paymentId, yooId } = await paidOnline(80_000);
    vi.spyOn(ctx.app.areas.orders, 'setPaid').mockRejectedValueOnce(new Error('процесс остановлен'));
    expect((await adminAction(ctx.app, admin, paymentId, 'refund', { comment: 'Не приехало' })).statusCode).toBe(500);
    expect(refundedAtProvider(yooId)).toBe(80_000);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    expect((await refundRows(paymentId)).map((r) => r.status)).toEqual(['pending']);

    await ageRefunds(paymentId);
    await runReconcile();
    await runReconcile();
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'refunded', refundedKopecks: 80_000 });
    expect((await orderByLink(ctx.app, (await getPayment(ctx.app, paymentId)).items[0]!.orderId!)).paidKopecks).toBe(0);
    expect(refundedAtProvider(yooId)).toBe(80_000);
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
    const history = (await paymentDetails(ctx.app, admin, paymentId)).history.filter((h) => h.action === 'refunded');
    expect(history).toHaveLength(1);
    expect(history[0]!.comment).toMatch(/^Не приехало; возврат у платёжного сервиса .+; подтверждён проверкой у платёжного сервиса$/);
  });

  it('a press on a payment whose refund was left pending finishes that refund; to bonuses it finds nothing left', async () => {
    const { client, paymentId, yooId } = await paidOnline(30_000);
    vi.spyOn(ctx.app.areas.orders, 'setPaid').mockRejectedValueOnce(new Error('процесс остановлен'));
    expect((await adminAction(ctx.app, admin, paymentId, 'refund', {})).statusCode).toBe(500);
    const bonus = await adminAction(ctx.app, admin, paymentId, 'refund', { to: 'bonus' });
    expect(bonus.statusCode).toBe(409);
    expect(await bonusRefunded(client)).toBe(0);
    expect(refundedAtProvider(yooId)).toBe(30_000);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'refunded', refundedKopecks: 30_000 });
  });

  it('the provider refunded but its answer was lost: the refund stays pending, and the job finds it by its key', async () => {
    const { paymentId, yooId } = await paidOnline(45_000);
    const provider = ctx.app.areas.payments.provider!;
    const original = provider.refund.bind(provider);
    vi.spyOn(provider, 'refund').mockImplementationOnce(async (input) => {
      await original(input);
      throw new Error('socket hang up');
    });
    const lost = await adminAction(ctx.app, admin, paymentId, 'refund', {});
    expect(lost.statusCode).toBe(502);
    expect(lost.json<{ message: string }>().message).toMatch(/^Платёжный сервис не ответил\. Возврат записан/);
    expect(refundedAtProvider(yooId)).toBe(45_000);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ refundedKopecks: 0 });

    await ageRefunds(paymentId);
    await runReconcile();
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'refunded', refundedKopecks: 45_000 });
    expect([...yk.refunds.values()].filter((r) => r.payment_id === yooId)).toHaveLength(1);
  });

  it('killed before the provider was asked: the job asks with the same key and the refund is made once', async () => {
    const { paymentId, yooId } = await paidOnline(20_000);
    const provider = ctx.app.areas.payments.provider!;
    // The process dies right after the pending record is written.
    vi.spyOn(provider, 'refund').mockRejectedValueOnce(new Error('процесс остановлен'));
    expect((await adminAction(ctx.app, admin, paymentId, 'refund', {})).statusCode).toBe(502);
    expect(refundRequests(yooId)).toHaveLength(0);
    const [pending] = await refundRows(paymentId);
    expect(pending).toMatchObject({ status: 'pending', amountKopecks: 20_000 });

    await ageRefunds(paymentId);
    await runReconcile();
    await runReconcile();
    expect(refundRequests(yooId).map((r) => r.idempotenceKey)).toEqual([pending!.idempotenceKey]);
    expect(refundedAtProvider(yooId)).toBe(20_000);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'refunded', refundedKopecks: 20_000 });
  });
});

describe('a refused refund', () => {
  it('the provider refuses: the refund is failed, its sum free, and the next press refunds it', async () => {
    const { paymentId, yooId } = await paidOnline(60_000);
    yk.failNext(1, { status: 400, description: 'Payment is not refundable' });
    const refused = await adminAction(ctx.app, admin, paymentId, 'refund', {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ message: string }>().message).toMatch(/^Возврат не прошёл: /);
    expect((await refundRows(paymentId)).map((r) => [r.status, r.amountKopecks])).toEqual([['failed', 60_000]]);
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });

    expect(await adminActionOk(ctx.app, admin, paymentId, 'refund', {})).toMatchObject({ status: 'refunded', refundedKopecks: 60_000 });
    expect(refundedAtProvider(yooId)).toBe(60_000);
    // The refused one was answered to the admin at once: not a difference to show.
    expect((await differences()).filter((d) => d.paymentId === paymentId)).toEqual([]);
  });

  it('pending at the provider, then canceled by the bank: the job fails it and the admin sees it on «Оплаты»', async () => {
    const { paymentId, yooId } = await paidOnline(35_000);
    yk.refundsPendingNext(1);
    const accepted = await adminAction(ctx.app, admin, paymentId, 'refund', {});
    expect(accepted.statusCode).toBe(502);
    expect(accepted.json<{ message: string }>().message).toMatch(/^Платёжный сервис принял возврат, но ещё не провёл его/);
    const [row] = await refundRows(paymentId);
    expect(row).toMatchObject({ status: 'pending', providerRefundId: expect.any(String) });

    await ageRefunds(paymentId);
    expect((await differences()).filter((d) => d.paymentId === paymentId).map((d) => d.type)).toEqual(['refund_pending']);
    await runReconcile();
    expect((await refundRows(paymentId))[0]!.status).toBe('pending');

    yk.settleRefund(row!.providerRefundId!, 'canceled');
    await runReconcile();
    expect((await refundRows(paymentId))[0]).toMatchObject({ status: 'failed', failure: 'rejected_by_payee' });
    expect(await getPayment(ctx.app, paymentId)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    const shown = (await differences()).filter((d) => d.paymentId === paymentId);
    expect(shown).toMatchObject([{ type: 'refund_failed', amountKopecks: 35_000, providerRefundId: row!.providerRefundId }]);
    expect(shown[0]!.description).toMatch(
      /^Платёжный сервис отказал в возврате 350,00\s₽ \(rejected_by_payee\): деньги клиенту не вернулись/,
    );
    expect(refundedAtProvider(yooId)).toBe(0);

    // Its sum is free again.
    expect(await adminActionOk(ctx.app, admin, paymentId, 'refund', {})).toMatchObject({ refundedKopecks: 35_000 });
    expect(refundedAtProvider(yooId)).toBe(35_000);
  });

  it('a refund made at the provider that the shop has no record of is shown once the job lists it', async () => {
    const { paymentId, yooId } = await paidOnline(25_000, 15_000);
    await adminActionOk(ctx.app, admin, paymentId, 'refund', { orderId: (await getPayment(ctx.app, paymentId)).items[0]!.orderId });
    // Someone refunds in the provider's dashboard.
    const made = await fetch(`${yk.apiUrl}/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${yk.shopId}:${yk.secretKey}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotence-key': 'dashboard-1',
      },
      // With its refund receipt, as the store's receipts require of every refund.
      body: JSON.stringify({
        payment_id: yooId,
        amount: { value: '50.00', currency: 'RUB' },
        receipt: {
          customer: { phone: '79001234567' },
          items: [
            {
              description: 'Возврат',
              quantity: 1,
              amount: { value: '50.00', currency: 'RUB' },
              vat_code: 1,
              payment_mode: 'full_payment',
              payment_subject: 'commodity',
            },
          ],
        },
      }),
    });
    const dashboard = (await made.json()) as { id: string };
    await runReconcile('payments.refunds-compare');
    const shown = (await differences()).filter((d) => d.paymentId === paymentId);
    expect(shown).toMatchObject([{ type: 'refund_unknown', amountKopecks: 5_000, providerRefundId: dashboard.id }]);
  });
});

describe('bad input', () => {
  it('a comment with a NUL is refused with a Russian 400 before anything is written or asked', async () => {
    const { paymentId, yooId } = await paidOnline(10_000);
    const res = await adminAction(ctx.app, admin, paymentId, 'refund', { comment: 'Вернули\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string; field: string }>()).toMatchObject({
      message: 'Текст содержит недопустимый символ (нулевой байт)',
      field: 'comment',
    });
    expect(refundRequests(yooId)).toHaveLength(0);
    expect(await refundRows(paymentId)).toEqual([]);
  });
});
