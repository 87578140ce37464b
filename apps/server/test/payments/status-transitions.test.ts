import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { illegalPaymentMoveMessage, type Payment, type PaymentStatus, paymentTransitions, endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updatePayment } from '../../src/areas/payments/payments.repository.js';
import { payments } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import {
  abandon,
  adminAction,
  createCard,
  getPayment,
  goods,
  payByTransfer,
  payOk,
  purchaseWithOrders,
  receiptFiles,
  recordCash,
  sandboxDecide,
  sandboxIdOf,
  setCreatedAt,
  uploadReceipt,
} from '../fixtures/payments-kit.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { manualOk, newClient, payWithBonus, putSettings } from '../bonus/bonus-kit.js';

/**
 * A payment's status has one writer (payment-settlement.ts `moveTo`), which asks the contract's
 * `paymentTransitions`. To prove that every path that changes a status goes through it, each test
 * takes one move out of the table for a moment: the path must then answer 409 naming the payment and
 * both states, and write nothing — a path that wrote the status itself would still succeed.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let cardId: string;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
  png = (await receiptFiles()).png;
  await putSettings(ctx.app, admin, { creditOn: 'delivery', spendCapPercent: 100 });
});
afterAll(() => ctx.close());

/** Runs `work` with the move from → to taken out of the contract's table, then puts it back. */
async function without<T>(from: PaymentStatus, to: PaymentStatus, work: () => Promise<T>): Promise<T> {
  const table = paymentTransitions as Record<PaymentStatus, readonly PaymentStatus[]>;
  const kept = table[from];
  table[from] = kept.filter((s) => s !== to);
  try {
    return await work();
  } finally {
    table[from] = kept;
  }
}

function expectRefused(res: LightMyRequestResponse, payment: Pick<Payment, 'number'>, from: PaymentStatus, to: PaymentStatus) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json<{ message: string }>().message).toBe(illegalPaymentMoveMessage(payment.number, from, to));
}

async function order(kopecks = 10_000) {
  return (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(kopecks) }] })).orders[0]!;
}

async function transfer(): Promise<Payment> {
  return (await payOk(ctx.app, client, [(await order()).id], 'transfer')).payments[0]!;
}

async function transferOnCheck(): Promise<Payment> {
  const payment = await transfer();
  expect((await uploadReceipt(ctx.app, client, payment.id, png)).statusCode).toBe(200);
  return getPayment(ctx.app, payment.id);
}

async function online() {
  const started = await payOk(ctx.app, client, [(await order()).id], 'card');
  return { payment: started.payments[0]!, sandboxId: sandboxIdOf(started) };
}

describe('every writer of a payment status goes through the table', () => {
  it('the receipt upload (pending → awaiting_check), and a newer receipt (awaiting_check → awaiting_check)', async () => {
    const payment = await transfer();
    await without('pending', 'awaiting_check', async () => {
      expectRefused(await uploadReceipt(ctx.app, client, payment.id, png), payment, 'pending', 'awaiting_check');
    });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });

    expect((await uploadReceipt(ctx.app, client, payment.id, png)).statusCode).toBe(200);
    await without('awaiting_check', 'awaiting_check', async () => {
      expectRefused(await uploadReceipt(ctx.app, client, payment.id, png), payment, 'awaiting_check', 'awaiting_check');
    });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('awaiting_check');
  });

  it('the admin: confirm (→ succeeded), reject (→ rejected), cancel (→ canceled)', async () => {
    const confirmed = await transferOnCheck();
    await without('awaiting_check', 'succeeded', async () => {
      expectRefused(await adminAction(ctx.app, admin, confirmed.id, 'confirm'), confirmed, 'awaiting_check', 'succeeded');
    });
    const rejected = await transferOnCheck();
    await without('awaiting_check', 'rejected', async () => {
      expectRefused(
        await adminAction(ctx.app, admin, rejected.id, 'reject', { reason: 'Нечитаемый чек' }),
        rejected,
        'awaiting_check',
        'rejected',
      );
    });
    const canceled = await transfer();
    await without('pending', 'canceled', async () => {
      expectRefused(await adminAction(ctx.app, admin, canceled.id, 'cancel'), canceled, 'pending', 'canceled');
    });
    for (const p of [confirmed, rejected]) expect((await getPayment(ctx.app, p.id)).status).toBe('awaiting_check');
    expect((await getPayment(ctx.app, canceled.id)).status).toBe('pending');
  });

  it('the payer abandoning, the provider declining or paying, the expiry job', async () => {
    const abandoned = await online();
    await without('pending', 'canceled', async () => {
      expectRefused(await abandon(ctx.app, client, abandoned.payment.id), abandoned.payment, 'pending', 'canceled');
    });
    const declined = await online();
    await without('pending', 'canceled', async () => {
      expectRefused(await sandboxDecide(ctx.app, declined.sandboxId, 'decline'), declined.payment, 'pending', 'canceled');
    });
    const paid = await online();
    await without('pending', 'succeeded', async () => {
      expectRefused(await sandboxDecide(ctx.app, paid.sandboxId, 'pay'), paid.payment, 'pending', 'succeeded');
    });
    for (const p of [abandoned, declined, paid]) expect((await getPayment(ctx.app, p.payment.id)).status).toBe('pending');
    // The provider's money is not lost: once the move is allowed again, the next look applies it.
    expect((await call(ctx.app, endpoints.payments.abandon, { params: { id: paid.payment.id }, headers: client })).statusCode).toBe(409);
    expect((await getPayment(ctx.app, paid.payment.id)).status).toBe('succeeded');

    const stale = await transfer();
    await setCreatedAt(ctx, stale.id, new Date(Date.now() - 30 * 24 * 60 * 60_000));
    await without('pending', 'canceled', async () => {
      await ctx.app.jobs.makeDue('payments.expire');
      await ctx.app.jobs.runDue();
    });
    expect((await getPayment(ctx.app, stale.id)).status).toBe('pending');
    await ctx.app.jobs.makeDue('payments.expire');
    await ctx.app.jobs.runDue();
    expect((await getPayment(ctx.app, stale.id)).status).toBe('canceled');
  });

  it('cash and a payment by bonuses alone (pending → succeeded at birth): refused, nothing is left behind', async () => {
    const cashOrder = await order(5_000);
    await without('pending', 'succeeded', async () => {
      const res = await recordCash(ctx.app, admin, cashOrder.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/^Платёж №\d+: нельзя перевести из «Ожидает оплаты» в «Оплачен»$/);
    });
    expect(await ctx.database.db.select().from(payments).where(eq(payments.amountKopecks, 5_000))).toEqual([]);

    const bonusClient = await newClient(ctx.app);
    await manualOk(ctx.app, admin, bonusClient.phone, 7_000);
    const bonusOrder = (await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: bonusClient.phone, lines: goods(7_000) }] }))
      .orders[0]!;
    await without('pending', 'succeeded', async () => {
      const res = await payWithBonus(ctx.app, bonusClient.headers, [bonusOrder.id], 7_000);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/нельзя перевести из «Ожидает оплаты» в «Оплачен»$/);
    });
    expect(await ctx.database.db.select().from(payments).where(eq(payments.amountKopecks, 7_000))).toEqual([]);
  });

  it('a refund (succeeded → succeeded for a part, → refunded for the whole)', async () => {
    async function cashPayment(kopecks: number): Promise<Payment> {
      const res = await recordCash(ctx.app, admin, (await order(kopecks)).id);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Payment>();
    }
    // A transfer for two orders: refunding one of them leaves the payment succeeded.
    const [first, second] = [await order(3_000), await order(5_000)];
    const [part] = await payByTransfer(ctx.app, client, admin, [first.id, second.id]);
    expect(part).toMatchObject({ status: 'succeeded', amountKopecks: 8_000 });
    await without('succeeded', 'succeeded', async () => {
      const res = await adminAction(ctx.app, admin, part!.id, 'refund', { orderId: first.id, comment: 'Вернули переводом' });
      expectRefused(res, part!, 'succeeded', 'succeeded');
    });
    expect(await getPayment(ctx.app, part!.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    expect((await adminAction(ctx.app, admin, part!.id, 'refund', { orderId: first.id, comment: 'Вернули переводом' })).statusCode).toBe(
      200,
    );
    expect(await getPayment(ctx.app, part!.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 3_000 });

    const whole = await cashPayment(8_100);
    await without('succeeded', 'refunded', async () => {
      expectRefused(
        await adminAction(ctx.app, admin, whole.id, 'refund', { comment: 'Вернули наличными' }),
        whole,
        'succeeded',
        'refunded',
      );
    });
    expect(await getPayment(ctx.app, whole.id)).toMatchObject({ status: 'succeeded', refundedKopecks: 0 });
    expect((await adminAction(ctx.app, admin, whole.id, 'refund', { comment: 'Вернули наличными' })).statusCode).toBe(200);
    expect(await getPayment(ctx.app, whole.id)).toMatchObject({ status: 'refunded', refundedKopecks: 8_100 });
  });

  it('a purchase canceled closes its open payments through it too, and money that comes late (canceled → succeeded)', async () => {
    const made = await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(9_000) }] });
    const started = await payOk(ctx.app, client, [made.orders[0]!.id], 'card');
    const payment = started.payments[0]!;
    await without('pending', 'canceled', async () => {
      expectRefused(await setStatus(ctx.app, admin, made.purchase.id, 'canceled'), payment, 'pending', 'canceled');
    });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
    expect((await setStatus(ctx.app, admin, made.purchase.id, 'canceled')).statusCode).toBe(200);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('canceled');

    await without('canceled', 'succeeded', async () => {
      expectRefused(await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay'), payment, 'canceled', 'succeeded');
    });
    expect((await getPayment(ctx.app, payment.id)).status).toBe('canceled');
  });
});

describe('nothing else can write a status', () => {
  it('the generic update refuses one, even past its type', async () => {
    const payment = await transfer();
    await expect(updatePayment(ctx.database.db, payment.id, { status: 'succeeded' } as never)).rejects.toThrow(/moveTo/);
    expect((await getPayment(ctx.app, payment.id)).status).toBe('pending');
  });

  it('only the settlement holds the status write, and only the repository updates the payments table', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '../../src');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
      });
    })(src);
    const using = (pattern: RegExp) =>
      files
        .filter((f) => pattern.test(readFileSync(f, 'utf8')))
        .map((f) => relative(src, f))
        .sort();
    expect(using(/\bwriteStatus\b/)).toEqual(['areas/payments/payment-settlement.ts', 'areas/payments/payments.repository.ts']);
    expect(using(/\.update\(payments\)/)).toEqual(['areas/payments/payments.repository.ts']);
  });
});
