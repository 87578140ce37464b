import { formatMoney } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { adminActionOk, createCard, payOk } from '../fixtures/payments-kit.js';
import type { Headers } from '../fixtures/requests.js';
import { messagesTo, purchaseOnTheWay, receiveRestOk } from '../fixtures/warehouse-kit.js';
import { manualOk, newClient, orderOf, payWithBonusOk, paySandboxWithBonus } from '../bonus/bonus-kit.js';

/**
 * What the payer is told about their payment: the bonus part of a payment that came, the reason
 * when an admin cancels an open payment (as a rejected receipt tells it), and on the result page
 * where the paid orders' goods are.
 */

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

describe('the payment message', () => {
  it('says what part was paid with bonuses', async () => {
    const client = await newClient(ctx.app);
    await manualOk(ctx.app, admin, client.phone, 30_000);
    const order = await orderOf(ctx.app, admin, client.phone, 120_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 30_000);
    expect(await messagesTo(ctx, client.phone, 'payment_succeeded')).toEqual([
      `Вместе: оплачено ${formatMoney(120_000)}, из них бонусами ${formatMoney(30_000)} (платёж №${payment.number}). Спасибо!`,
    ]);
  });

  it('without bonuses names the sum alone', async () => {
    const client = await newClient(ctx.app);
    const order = await orderOf(ctx.app, admin, client.phone, 45_000, cardId);
    const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [order.id], 0);
    expect(await messagesTo(ctx, client.phone, 'payment_succeeded')).toEqual([
      `Вместе: оплачено ${formatMoney(45_000)} (платёж №${payment.number}). Спасибо!`,
    ]);
  });
});

describe('an admin cancels an open payment', () => {
  it('the payer is told why, that the bonuses came back, and where to pay again', async () => {
    const client = await newClient(ctx.app);
    await manualOk(ctx.app, admin, client.phone, 10_000);
    const order = await orderOf(ctx.app, admin, client.phone, 80_000, cardId);
    const open = (await payWithBonusOk(ctx.app, client.headers, [order.id], 10_000, 'card')).payments[0]!;
    await adminActionOk(ctx.app, admin, open.id, 'cancel', { reason: 'Оплата не дошла до банка, попробуйте ещё раз.' });
    expect(await messagesTo(ctx, client.phone, 'payment_canceled')).toEqual([
      `Вместе: платёж №${open.number} на ${formatMoney(80_000)} отменён магазином: Оплата не дошла до банка, попробуйте ещё раз. ` +
        `Бонусы ${formatMoney(10_000)} вернулись на ваш счёт. Заказ снова ждёт оплаты: ${ctx.config.publicUrl}/personal/orders/unpaid`,
    ]);
  });

  it('without a reason the message says only that the shop canceled it', async () => {
    const client = await newClient(ctx.app);
    const order = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    const open = (await payOk(ctx.app, client.headers, [order.id], 'transfer')).payments[0]!;
    await adminActionOk(ctx.app, admin, open.id, 'cancel');
    expect(await messagesTo(ctx, client.phone, 'payment_canceled')).toEqual([
      `Вместе: платёж №${open.number} на ${formatMoney(50_000)} отменён магазином. Заказ снова ждёт оплаты: ${ctx.config.publicUrl}/personal/orders/unpaid`,
    ]);
  });
});

describe('the payer’s view of one payment', () => {
  it('tells where each order’s goods are, so the result page does not promise goods already at the warehouse', async () => {
    const storekeeper = await signInAs(ctx.app, 'storekeeper');
    const client = await newClient(ctx.app);
    const lines = [{ product: 'Шарф', quantity: 1, unitPriceKopecks: 55_000 }];
    const atWarehouse = await purchaseOnTheWay(ctx.app, admin, { orders: [{ phone: client.phone, lines }] });
    await receiveRestOk(ctx.app, storekeeper, atWarehouse.purchase.id);
    const onTheWay = await purchaseOnTheWay(ctx.app, admin, { orders: [{ phone: client.phone, lines }] });

    const arrived = (await paySandboxWithBonus(ctx.app, ctx, client.headers, [atWarehouse.orders[0]!.id], 0)).payment;
    expect(arrived.items.map((i) => i.fulfilmentStatus)).toEqual(['arrived']);
    const awaiting = (await paySandboxWithBonus(ctx.app, ctx, client.headers, [onTheWay.orders[0]!.id], 0)).payment;
    expect(awaiting.items.map((i) => i.fulfilmentStatus)).toEqual(['awaiting_goods']);
  });
});
