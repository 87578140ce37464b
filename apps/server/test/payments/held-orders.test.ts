import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { csvOf, IMPORT_HEADER, importFile, listOrdersOf, type OrderJson, type PurchaseJson } from '../fixtures/purchases-kit.js';
import { adminActionOk, createCard, goods, payOk, purchaseWithOrders, receiptFiles, uploadReceipt } from '../fixtures/payments-kit.js';

/**
 * An open payment was made for exactly the sum its orders had: while it is open, nothing may
 * change that sum — a hand edit, a re-import, the purchase's fee. The answer names the payment, and
 * once the admin cancels it the change goes through.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let cardId: string;
const OTHER = '79001112233';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

async function heldOrder(method: 'card' | 'transfer', withReceipt = false) {
  const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
    fee: 10,
    cardId,
    orders: [
      { phone: demoPhones.client, lines: goods(100_000, 'Пальто') },
      { phone: OTHER, lines: goods(20_000, 'Шарф') },
    ],
  });
  const order = orders[0]!;
  const payment = (await payOk(ctx.app, client, [order.id], method)).payments[0]!;
  if (withReceipt) expect((await uploadReceipt(ctx.app, client, payment.id, (await receiptFiles()).png)).statusCode).toBe(200);
  const message = `Заказ №${order.number} в оплате (платёж №${payment.number}): сначала отмените платёж на странице «Оплаты»`;
  return { purchase, order, other: orders[1]!, payment, message };
}

const editOrder = (order: OrderJson, payload: Record<string, unknown>) =>
  call(ctx.app, endpoints.orders.update, { params: { id: order.id }, headers: admin, body: payload });

const reimport = (purchase: PurchaseJson, rows: string[][]) => importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, ...rows]));

/** The purchase is past collection: its fee changes only by the explicit action (decision 026). */
const changeFee = (purchase: PurchaseJson, organizerFeePercent: number) =>
  call(ctx.app, endpoints.purchases.changeFee, {
    params: { id: purchase.id },
    headers: admin,
    body: { organizerFeePercent, reason: 'Поставщик изменил условия' },
  });

async function unchanged(purchase: PurchaseJson, order: OrderJson) {
  const now = (await listOrdersOf(ctx.app, admin, purchase.id)).find((o) => o.id === order.id)!;
  expect({ total: now.totalKopecks, lines: now.lines.length, name: now.clientName }).toEqual({
    total: order.totalKopecks,
    lines: order.lines.length,
    name: order.clientName,
  });
}

describe.each([
  ['a pending online payment', 'card', false],
  ['a transfer waiting for its receipt', 'transfer', false],
  ['a receipt on check', 'transfer', true],
] as const)('an order held by %s', (_title, method, withReceipt) => {
  it('cannot be edited, re-imported or re-priced by the fee (409 naming the payment); after cancel it can', async () => {
    const { purchase, order, other, payment, message } = await heldOrder(method, withReceipt);

    expectError(await editOrder(order, { lines: [{ product: 'Пальто', quantity: 2, unitPriceKopecks: 100_000 }] }), 409, { message });
    expectError(await editOrder(order, { clientName: 'Иванова М.' }), 409, { message });
    expectError(await reimport(purchase, [[demoPhones.client, 'Мария', 'Шапка', '', '', '1', '500']]), 409, { message });
    expectError(await changeFee(purchase, 12), 409, { message });
    await unchanged(purchase, order);

    // Orders the payment does not hold change as usual.
    expect((await editOrder(other, { clientName: 'Пётр' })).statusCode).toBe(200);
    const otherImport = await reimport(purchase, [[OTHER, 'Пётр', 'Варежки', '', '', '1', '300']]);
    expect(otherImport.statusCode, otherImport.body).toBe(200);

    await adminActionOk(ctx.app, admin, payment.id, 'cancel', { reason: 'Заказ меняется' });
    const edited = await editOrder(order, { lines: [{ product: 'Пальто', quantity: 2, unitPriceKopecks: 100_000 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<OrderJson>().totalKopecks).toBe(220_000);
    const imported = await reimport(purchase, [[demoPhones.client, 'Мария', 'Шапка', '', '', '1', '500']]);
    expect(imported.statusCode, imported.body).toBe(200);
    const fee = await changeFee(purchase, 12);
    expect(fee.statusCode, fee.body).toBe(200);
    const after = (await listOrdersOf(ctx.app, admin, purchase.id)).find((o) => o.id === order.id)!;
    expect(after.organizerFeeKopecks).toBe(Math.round((200_000 + 50_000) * 0.12));
  });
});

describe('a closed payment holds nothing', () => {
  it('after the money came, the order can be edited (a grown total is due again)', async () => {
    const { purchase, order, payment } = await heldOrder('transfer');
    await adminActionOk(ctx.app, admin, payment.id, 'confirm');
    const edited = await editOrder(order, { lines: [{ product: 'Пальто', quantity: 1, unitPriceKopecks: 120_000 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<OrderJson>()).toMatchObject({ paidKopecks: 110_000, totalKopecks: 132_000, dueKopecks: 22_000 });
    expect((await changeFee(purchase, 0)).statusCode).toBe(200);
  });
});
