import { formatMoney, formatPhone, type MoneyDifference, endpoints } from '@vmeste/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { moneyAuditByApi, moneyDifferences } from '../fixtures/money-audit.js';
import { adminActionOk, createCard, goods, orderByLink, purchaseWithOrders, recordCash } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  type Client,
  balanceOf,
  manualOk,
  newClient,
  orderOf,
  paySandboxWithBonus,
  payWithBonusOk,
  putSettings,
  refund,
} from '../bonus/bonus-kit.js';
import { createDeliveryApp, type DeliveryContext, paidParcel } from '../delivery/delivery-kit.js';

/**
 * The money audit (docs/decisions/029): a shop after a normal flow — payments online with bonuses,
 * cash, transfers, partial refunds, a refund to bonuses, cashback, a declined payment — shows no
 * difference; each kind of difference, made by corrupting rows directly, is found with the object,
 * the recomputed and the kept sums. Runs on PGlite and on PostgreSQL.
 */

let ctx: DeliveryContext;
let admin: Headers;
let client: Client;
const flow = {
  /** Two orders paid online at once (1 000 ₽ and 300 ₽), 200 ₽ of it in bonuses; the second order's part refunded. */
  online: { orderId: '', orderNumber: 0, itemId: '', paymentId: '', paymentNumber: 0 },
  /** Paid in cash, then refunded whole to the bonus account. */
  cash: { paymentId: '', paymentNumber: 0 },
  /** An online payment with 100 ₽ of bonuses, still waiting for the payer. */
  transfer: { paymentId: '', paymentNumber: 0, amountKopecks: 0 },
  /** 123,45 ₽ of goods with a 15 % fee, unpaid. */
  feeOrder: { id: '', number: 0 },
  /** A parcel's delivery invoice, paid online. */
  invoice: { number: 0, priceKopecks: 0 },
};

beforeAll(async () => {
  ctx = await createDeliveryApp();
  admin = await signInAs(ctx.app, 'admin');
  const cardId = (await createCard(ctx.app, admin)).id;
  await putSettings(ctx.app, admin, { creditOn: 'payment', spendCapPercent: 100 });
  client = await newClient(ctx.app);
  await manualOk(ctx.app, admin, client.phone, 50_000);

  const online = await orderOf(ctx.app, admin, client.phone, 100_000);
  const refunded = await orderOf(ctx.app, admin, client.phone, 30_000);
  const paid = await paySandboxWithBonus(ctx.app, ctx, client.headers, [online.id, refunded.id], 20_000);
  expect(paid.payment.status).toBe('succeeded');
  const partly = await refund(ctx.app, admin, paid.payment.id, { orderId: refunded.id });
  expect(partly.statusCode, partly.body).toBe(200);
  flow.online = {
    orderId: online.id,
    orderNumber: online.number,
    itemId: paid.payment.items.find((i) => i.orderId === online.id)!.id,
    paymentId: paid.payment.id,
    paymentNumber: paid.payment.number,
  };

  const cashOrder = await orderOf(ctx.app, admin, client.phone, 40_000);
  const cash = await recordCash(ctx.app, admin, cashOrder.id);
  expect(cash.statusCode, cash.body).toBe(201);
  const cashPayment = cash.json<{ id: string; number: number }>();
  await adminActionOk(ctx.app, admin, cashPayment.id, 'refund', { to: 'bonus' });
  flow.cash = { paymentId: cashPayment.id, paymentNumber: cashPayment.number };

  const pendingOrder = await orderOf(ctx.app, admin, client.phone, 25_000, cardId);
  const transfer = (await payWithBonusOk(ctx.app, client.headers, [pendingOrder.id], 10_000, 'card')).payments[0]!;
  flow.transfer = { paymentId: transfer.id, paymentNumber: transfer.number, amountKopecks: transfer.amountKopecks };

  const declined = await orderOf(ctx.app, admin, client.phone, 15_000);
  expect((await paySandboxWithBonus(ctx.app, ctx, client.headers, [declined.id], 5_000, 'decline')).payment.status).toBe('canceled');

  const withFee = await purchaseWithOrders(ctx.app, admin, { fee: 15, orders: [{ phone: client.phone, lines: goods(12_345) }] });
  flow.feeOrder = { id: withFee.orders[0]!.id, number: withFee.orders[0]!.number };

  const { invoice } = await paidParcel(ctx);
  flow.invoice = { number: invoice.number, priceKopecks: invoice.priceKopecks };
});
afterAll(() => ctx?.close());

async function run(statement: SQL) {
  await ctx.database.db.execute(statement);
}

/** Corrupts rows, answers what the audit finds, and puts the rows back. */
async function foundWith(corrupt: SQL[], restore: SQL[]): Promise<MoneyDifference[]> {
  for (const statement of corrupt) await run(statement);
  try {
    return await moneyDifferences(ctx);
  } finally {
    for (const statement of restore) await run(statement);
  }
}

describe('the money audit', () => {
  it('finds nothing in a shop after paying, refunding, cashback and a declined payment, by the API too', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
    const audit = await moneyAuditByApi(ctx, admin);
    expect(audit.differences).toEqual([]);
    expect(Date.parse(audit.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The normal flow really left money everywhere the audit looks.
    expect((await orderByLink(ctx.app, flow.online.orderId)).paidKopecks).toBe(100_000);
    expect(await balanceOf(ctx.app, client.headers)).toBeGreaterThan(0);
  });

  it('is for the admin only', async () => {
    const res = await call(ctx.app, endpoints.audit.money, { headers: client.headers });
    expect(res.statusCode).toBe(403);
  });

  it('an order whose paid sum is not its payments less their refunds', async () => {
    const found = await foundWith(
      [sql`update orders set paid_kopecks = paid_kopecks + 111 where id = ${flow.online.orderId}`],
      [sql`update orders set paid_kopecks = paid_kopecks - 111 where id = ${flow.online.orderId}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'order_paid',
        object: `Заказ №${flow.online.orderNumber}`,
        expectedKopecks: 100_000,
        actualKopecks: 100_111,
      }),
    ]);
    expect(found[0]!.description).toContain(`дают ${formatMoney(100_000)}`);
  });

  it('an order whose total is not its lines and its purchase’s fee', async () => {
    // 123,45 ₽ × 15 % = 18,5175 ₽: the fee is 18,52 ₽ half-up, the total 141,97 ₽.
    const found = await foundWith(
      [sql`update orders set organizer_fee_kopecks = 1851, total_kopecks = 14196 where id = ${flow.feeOrder.id}`],
      [sql`update orders set organizer_fee_kopecks = 1852, total_kopecks = 14197 where id = ${flow.feeOrder.id}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'order_total',
        object: `Заказ №${flow.feeOrder.number}`,
        expectedKopecks: 14_197,
        actualKopecks: 14_196,
      }),
    ]);
    const line = await foundWith(
      [sql`update order_lines set unit_price_kopecks = unit_price_kopecks + 100 where order_id = ${flow.feeOrder.id}`],
      [sql`update order_lines set unit_price_kopecks = unit_price_kopecks - 100 where order_id = ${flow.feeOrder.id}`],
    );
    // 124,45 ₽ + 18,6675 ₽ → 18,67 ₽.
    expect(line).toEqual([
      expect.objectContaining({
        kind: 'order_total',
        object: `Заказ №${flow.feeOrder.number}`,
        expectedKopecks: 14_312,
        actualKopecks: 14_197,
      }),
    ]);
  });

  it('a client’s totals and half-monthly running totals that are not the orders summed again', async () => {
    const paidByOrders = rowsOf<{ paid: string }>(
      await ctx.database.db.execute(sql`select sum(paid_kopecks) as paid from orders where phone = ${client.phone}`),
    )[0]!;
    const totals = await foundWith(
      [sql`update order_client_totals set paid_kopecks = paid_kopecks + 5 where phone = ${client.phone}`],
      [sql`update order_client_totals set paid_kopecks = paid_kopecks - 5 where phone = ${client.phone}`],
    );
    expect(totals).toEqual([
      expect.objectContaining({
        kind: 'client_totals',
        object: `Клиент ${formatPhone(client.phone)}`,
        expectedKopecks: Number(paidByOrders.paid),
        actualKopecks: Number(paidByOrders.paid) + 5,
      }),
    ]);
    const halves = await foundWith(
      [sql`update order_client_half_months set due_kopecks = due_kopecks + 7 where phone = ${client.phone}`],
      [sql`update order_client_half_months set due_kopecks = due_kopecks - 7 where phone = ${client.phone}`],
    );
    expect(halves).toHaveLength(1);
    expect(halves[0]).toMatchObject({ kind: 'client_totals', object: `Клиент ${formatPhone(client.phone)}` });
    expect(halves[0]!.actualKopecks! - halves[0]!.expectedKopecks!).toBe(7);
    expect(halves[0]!.description).toMatch(/^Нарастающие итоги на конец полумесяца с \d\d\.\d\d\.\d{4}: к оплате/);
  });

  it('a payment whose refunded sum is not its refunds', async () => {
    const found = await foundWith(
      [sql`update payments set refunded_kopecks = refunded_kopecks + 50 where id = ${flow.online.paymentId}`],
      [sql`update payments set refunded_kopecks = refunded_kopecks - 50 where id = ${flow.online.paymentId}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'payment_refunded',
        object: `Платёж №${flow.online.paymentNumber}`,
        expectedKopecks: 30_000,
        actualKopecks: 30_050,
      }),
    ]);
  });

  it('a refund beyond its payment', async () => {
    const found = await foundWith(
      [
        sql`insert into payment_refunds (payment_id, item_id, amount_kopecks, destination, money_part_kopecks, comment)
            select payment_id, id, 120000, 'money', 0, 'audit test' from payment_items where id = ${flow.online.itemId}`,
      ],
      [sql`delete from payment_refunds where comment = 'audit test'`],
    );
    const object = `Платёж №${flow.online.paymentNumber}`;
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'refund_beyond_payment', object, expectedKopecks: 130_000, actualKopecks: 150_000 }),
    );
    // The same row also breaks the payment's refunded sum and what its order has paid.
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'payment_refunded', object, expectedKopecks: 150_000, actualKopecks: 30_000 }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'order_paid',
        object: `Заказ №${flow.online.orderNumber}`,
        expectedKopecks: -20_000,
        actualKopecks: 100_000,
      }),
    );
  });

  it('a refund the provider refused counts for nothing; one waiting for it holds its sum', async () => {
    const insert = (status: string) =>
      sql`insert into payment_refunds (payment_id, item_id, amount_kopecks, destination, money_part_kopecks, comment, status)
          select payment_id, id, 120000, 'money', 0, 'audit test', ${status} from payment_items where id = ${flow.online.itemId}`;
    const restore = [sql`delete from payment_refunds where comment = 'audit test'`];
    expect(await foundWith([insert('failed')], restore)).toEqual([]);
    const pending = await foundWith([insert('pending')], restore);
    expect(pending).toEqual([
      expect.objectContaining({
        kind: 'refund_beyond_payment',
        object: `Платёж №${flow.online.paymentNumber}`,
        expectedKopecks: 130_000,
        actualKopecks: 150_000,
      }),
    ]);
    expect(pending[0]!.description).toContain('ждёт ответа платёжного сервиса');
  });

  it('a payment whose status does not agree with its items', async () => {
    const found = await foundWith(
      [sql`update payment_items set is_open = false where payment_id = ${flow.transfer.paymentId}`],
      [sql`update payment_items set is_open = true where payment_id = ${flow.transfer.paymentId}`],
    );
    expect(found).toEqual([expect.objectContaining({ kind: 'payment_status', object: `Платёж №${flow.transfer.paymentNumber}` })]);
    expect(found[0]!.description).toContain('«Ожидает оплаты»');
  });

  it('a payment whose amount is not its items', async () => {
    const found = await foundWith(
      [sql`update payment_items set amount_kopecks = amount_kopecks + 100 where payment_id = ${flow.transfer.paymentId}`],
      [sql`update payment_items set amount_kopecks = amount_kopecks - 100 where payment_id = ${flow.transfer.paymentId}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'payment_amount',
        object: `Платёж №${flow.transfer.paymentNumber}`,
        expectedKopecks: flow.transfer.amountKopecks + 100,
        actualKopecks: flow.transfer.amountKopecks,
      }),
    ]);
  });

  it('a bonus balance that is not its ledger', async () => {
    const balance = await balanceOf(ctx.app, client.headers);
    const found = await foundWith(
      [sql`update bonus_accounts set balance_kopecks = balance_kopecks + 300 where user_id = ${client.userId}`],
      [sql`update bonus_accounts set balance_kopecks = balance_kopecks - 300 where user_id = ${client.userId}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'bonus_balance',
        object: `Клиент ${formatPhone(client.phone)}`,
        expectedKopecks: balance,
        actualKopecks: balance + 300,
      }),
    ]);
  });

  it('a payment’s bonus part without its spend in the ledger, and a spend without a bonus part', async () => {
    const smaller = await foundWith(
      [
        sql`update payments set bonus_kopecks = bonus_kopecks - 100 where id = ${flow.online.paymentId}`,
        sql`update payment_items set bonus_kopecks = bonus_kopecks - 100 where id = ${flow.online.itemId}`,
      ],
      [
        sql`update payments set bonus_kopecks = bonus_kopecks + 100 where id = ${flow.online.paymentId}`,
        sql`update payment_items set bonus_kopecks = bonus_kopecks + 100 where id = ${flow.online.itemId}`,
      ],
    );
    expect(smaller).toEqual([
      expect.objectContaining({
        kind: 'bonus_payment',
        object: `Платёж №${flow.online.paymentNumber}`,
        expectedKopecks: 19_900,
        actualKopecks: 20_000,
      }),
    ]);

    // A spend row (with the balance moved along, so the balance itself agrees) for the cash payment, which took no bonuses.
    const spend = await foundWith(
      [
        sql`insert into bonus_entries (user_id, kind, amount_kopecks, description, payment_id, payment_number, source_key)
            values (${client.userId}, 'spend', -500, 'audit test', ${flow.cash.paymentId}, ${flow.cash.paymentNumber}, 'audit-test')`,
        sql`update bonus_accounts set balance_kopecks = balance_kopecks - 500 where user_id = ${client.userId}`,
      ],
      [
        sql`delete from bonus_entries where source_key = 'audit-test'`,
        sql`update bonus_accounts set balance_kopecks = balance_kopecks + 500 where user_id = ${client.userId}`,
      ],
    );
    expect(spend).toEqual([
      expect.objectContaining({
        kind: 'bonus_payment',
        object: `Платёж №${flow.cash.paymentNumber}`,
        expectedKopecks: 0,
        actualKopecks: 500,
      }),
    ]);
    expect(spend[0]!.description).toContain('нет оплаты бонусами');
  });

  it('a refund to bonuses that the ledger did not credit in full', async () => {
    const found = await foundWith(
      [
        sql`update bonus_entries set amount_kopecks = amount_kopecks - 1000 where source_key like 'refund:%' and payment_id = ${flow.cash.paymentId}`,
      ],
      [
        sql`update bonus_entries set amount_kopecks = amount_kopecks + 1000 where source_key like 'refund:%' and payment_id = ${flow.cash.paymentId}`,
      ],
    );
    const object = `Платёж №${flow.cash.paymentNumber}`;
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'bonus_payment', object, expectedKopecks: 40_000, actualKopecks: 39_000 }),
    );
    // The balance no longer matches the ledger either: it was credited 1 000 ₽ more than the ledger now says.
    expect(found.map((d) => d.kind).sort()).toEqual(['bonus_balance', 'bonus_payment']);
  });

  it('a delivery invoice whose paid sum is not its payments', async () => {
    const { number, priceKopecks } = flow.invoice;
    const found = await foundWith(
      [sql`update delivery_invoices set paid_kopecks = paid_kopecks + 100 where number = ${number}`],
      [sql`update delivery_invoices set paid_kopecks = paid_kopecks - 100 where number = ${number}`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'invoice_paid',
        object: `Счёт доставки №${number}`,
        expectedKopecks: priceKopecks,
        actualKopecks: priceKopecks + 100,
      }),
    ]);
    const unpaid = await foundWith(
      [sql`update delivery_invoices set status = 'unpaid' where number = ${number}`],
      [sql`update delivery_invoices set status = 'paid' where number = ${number}`],
    );
    expect(unpaid).toEqual([expect.objectContaining({ kind: 'invoice_paid', object: `Счёт доставки №${number}` })]);
    expect(unpaid[0]!.description).toContain('«Не оплачен»');
  });

  it('a refund only the payment provider knows, as its reconcile job found it', async () => {
    const found = await foundWith(
      [
        sql`insert into unknown_provider_refunds (provider_refund_id, payment_id, amount_kopecks, status, provider_created_at)
            values ('rf-audit-test', ${flow.online.paymentId}, 12345, 'succeeded', now())`,
      ],
      [sql`delete from unknown_provider_refunds where provider_refund_id = 'rf-audit-test'`],
    );
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'provider',
        object: `Платёж №${flow.online.paymentNumber}`,
        expectedKopecks: 12_345,
        actualKopecks: 0,
      }),
    ]);
    expect(found[0]!.description).toContain('rf-audit-test');
  });

  it('leaves nothing behind: the shop agrees again once the rows are put back', async () => {
    expect(await moneyDifferences(ctx)).toEqual([]);
  });
});
