import { formatMoney, type Order, type Purchase, type ReceivingPurchase, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { setStatus } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  clientPhone,
  fulfilmentRowsOf,
  lineOf,
  messagesTo,
  orderNow,
  ordersOf,
  purchaseOnTheWay,
  receive,
  receiveOk,
  receiveRest,
  receiveRestOk,
  receivingSheet,
} from '../fixtures/warehouse-kit.js';

/**
 * Receiving a purchase's goods: what arrived is marked per product, the rest is missing and not
 * charged. Totals, the organizer fee and the money owed either way follow; each client is told once,
 * when every line of their order is received; the purchase follows the goods.
 */

let ctx: TestContext;
let admin: Headers;
let storekeeper: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
});
afterAll(() => ctx.close());

async function purchaseNow(id: string): Promise<Purchase> {
  const res = await call(ctx.app, endpoints.purchases.get, { params: { id }, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Purchase>();
}

const lineNamed = (order: Order, product: string) => order.lines.find((l) => l.product === product)!;

describe('receiving with missing units', () => {
  it('lowers the totals with the fee recomputed half-up: a paid order is owed paid − new total, an unpaid one owes the new total', async () => {
    const paidPhone = clientPhone();
    const unpaidPhone = clientPhone();
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      title: 'Осенняя одежда',
      fee: 5,
      orders: [
        {
          phone: paidPhone,
          paid: true,
          lines: [
            { product: 'Платье', article: 'PL-1', options: 'M', quantity: 2, unitPriceKopecks: 150_000 },
            { product: 'Шарф', quantity: 3, unitPriceKopecks: 1_010 },
          ],
        },
        { phone: unpaidPhone, lines: [{ product: 'Шапка', quantity: 4, unitPriceKopecks: 2_530 }] },
      ],
    });
    const [paid, unpaid] = orders as [Order, Order];
    // 303 030 of goods, 5 % = 15 151.5 → 15 152; 10 120 of goods, 5 % = 506.
    expect(paid).toMatchObject({ goodsKopecks: 303_030, organizerFeeKopecks: 15_152, totalKopecks: 318_182, paidKopecks: 318_182 });
    expect(unpaid).toMatchObject({ goodsKopecks: 10_120, organizerFeeKopecks: 506, totalKopecks: 10_626, dueKopecks: 10_626 });

    const result = await receiveOk(ctx.app, storekeeper, purchase.id, [
      { lineIds: [lineOf(paid, 'Платье')], arrivedQuantity: 2 },
      { lineIds: [lineOf(paid, 'Шарф')], arrivedQuantity: 1 },
      { lineIds: [lineOf(unpaid, 'Шапка')], arrivedQuantity: 1 },
    ]);
    expect(result).toMatchObject({ arrivedOrdersCount: 2, shortOrdersCount: 2 });

    const paidAfter = await orderNow(ctx.app, admin, paid);
    // 301 010 of goods, 5 % = 15 050.5 → 15 051 (half-up, not to even).
    expect(paidAfter).toMatchObject({
      goodsKopecks: 301_010,
      organizerFeeKopecks: 15_051,
      totalKopecks: 316_061,
      paidKopecks: 318_182,
      dueKopecks: 0,
      refundDueKopecks: 318_182 - 316_061,
      fulfilmentStatus: 'arrived',
    });
    expect(lineNamed(paidAfter, 'Шарф')).toMatchObject({ quantity: 3, arrivedQuantity: 1, missingQuantity: 2, totalKopecks: 1_010 });
    expect(lineNamed(paidAfter, 'Платье')).toMatchObject({ quantity: 2, arrivedQuantity: 2, missingQuantity: 0, totalKopecks: 300_000 });

    const unpaidAfter = await orderNow(ctx.app, admin, unpaid);
    // 2 530 of goods, 5 % = 126.5 → 127.
    expect(unpaidAfter).toMatchObject({
      goodsKopecks: 2_530,
      organizerFeeKopecks: 127,
      totalKopecks: 2_657,
      paidKopecks: 0,
      dueKopecks: 2_657,
      refundDueKopecks: 0,
      fulfilmentStatus: 'arrived',
    });

    const [toPaid] = await messagesTo(ctx, paidPhone, 'goods_arrived');
    expect(toPaid).toContain(`заказ №${paid.number} («Осенняя одежда») поступил на склад не полностью`);
    expect(toPaid).toContain('Шарф — 2 шт.');
    expect(toPaid).not.toContain('Платье');
    expect(toPaid).toContain(`Сумма заказа — ${formatMoney(316_061)}`);
    expect(toPaid).toContain(`Вернём ${formatMoney(2_121)}`);
    expect(toPaid).not.toContain('К оплате');

    const [toUnpaid] = await messagesTo(ctx, unpaidPhone, 'goods_arrived');
    expect(toUnpaid).toContain('Шапка — 3 шт.');
    expect(toUnpaid).toContain(`К оплате ${formatMoney(2_657)}: ${ctx.config.publicUrl}/order/${unpaid.id}`);
    expect(toUnpaid).not.toContain('Вернём');
  });

  it('the first receiving moves a purchase in transit to «На складе», even when only part of it is marked', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        {
          phone: clientPhone(),
          lines: [
            { product: 'Куртка', quantity: 1, unitPriceKopecks: 500_000 },
            { product: 'Ремень', quantity: 1, unitPriceKopecks: 90_000 },
          ],
        },
      ],
    });
    expect((await purchaseNow(purchase.id)).status).toBe('in_transit');

    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(orders[0]!, 'Куртка')], arrivedQuantity: 1 }]);
    expect((await purchaseNow(purchase.id)).status).toBe('at_warehouse');
    // Not every line is received yet: the order still waits and its client is not told.
    expect((await orderNow(ctx.app, admin, orders[0]!)).fulfilmentStatus).toBe('awaiting_goods');
    expect(await messagesTo(ctx, orders[0]!.phone, 'goods_arrived')).toEqual([]);
  });

  it('a mark over several orders gives the units to the lowest order numbers first', async () => {
    const phones = [clientPhone(), clientPhone(), clientPhone()];
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: phones.map((phone) => ({
        phone,
        paid: true,
        lines: [{ product: 'Носки', article: 'N-7', quantity: 2, unitPriceKopecks: 500 }],
      })),
    });
    const [first, second, third] = [...orders].sort((a, b) => a.number - b.number) as [Order, Order, Order];

    // The lines are sent in the reverse order: the order numbers decide, not the list.
    const result = await receiveOk(ctx.app, storekeeper, purchase.id, [
      { lineIds: [third, second, first].map((o) => lineOf(o, 'Носки')), arrivedQuantity: 3 },
    ]);
    const group = result.sheet.groups.find((g) => g.product === 'Носки')!;
    expect(group).toMatchObject({ expectedQuantity: 6, arrivedQuantity: 3, missingQuantity: 3, isReceived: true });
    expect(Object.fromEntries(group.lines.map((l) => [l.orderNumber, l.arrivedQuantity]))).toEqual({
      [first.number]: 2,
      [second.number]: 1,
      [third.number]: 0,
    });

    const [a, b, c] = await ordersOf(ctx.app, admin, purchase.id, [first.id, second.id, third.id]);
    expect(a).toMatchObject({ totalKopecks: 1_000, refundDueKopecks: 0, fulfilmentStatus: 'arrived' });
    expect(b).toMatchObject({ totalKopecks: 500, refundDueKopecks: 500, fulfilmentStatus: 'arrived' });
    expect(c).toMatchObject({ totalKopecks: 0, refundDueKopecks: 1_000, fulfilmentStatus: 'awaiting_goods' });
  });

  it('an order with every unit missing stays «Ожидает поступления» and its client is told nothing arrived', async () => {
    const phone = clientPhone();
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      title: 'Пустая поставка',
      orders: [
        {
          phone,
          paid: true,
          lines: [
            { product: 'Сумка', quantity: 1, unitPriceKopecks: 70_000 },
            { product: 'Кошелёк', quantity: 2, unitPriceKopecks: 15_000 },
          ],
        },
      ],
    });
    const order = orders[0]!;
    const result = await receiveOk(ctx.app, storekeeper, purchase.id, [
      { lineIds: [lineOf(order, 'Сумка')], arrivedQuantity: 0 },
      { lineIds: [lineOf(order, 'Кошелёк')], arrivedQuantity: 0 },
    ]);
    expect(result).toMatchObject({ arrivedOrdersCount: 1, shortOrdersCount: 1 });
    expect(await orderNow(ctx.app, admin, order)).toMatchObject({
      fulfilmentStatus: 'awaiting_goods',
      totalKopecks: 0,
      dueKopecks: 0,
      refundDueKopecks: 100_000,
    });
    const texts = await messagesTo(ctx, phone, 'goods_arrived');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`товары, заказанные в заказе №${order.number} («Пустая поставка»), не поступили от поставщика`);
    expect(texts[0]).toContain(`Вернём ${formatMoney(100_000)}`);
    expect(await fulfilmentRowsOf(ctx, order.id)).toEqual([]);
  });

  it('the same marks sent twice change nothing the second time and send no second message', async () => {
    const phone = clientPhone();
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      fee: 10,
      orders: [{ phone, paid: true, lines: [{ product: 'Пальто', quantity: 3, unitPriceKopecks: 100_000 }] }],
    });
    const marks = [{ lineIds: [lineOf(orders[0]!, 'Пальто')], arrivedQuantity: 2 }];
    const first = await receiveOk(ctx.app, storekeeper, purchase.id, marks);
    expect(first).toMatchObject({ arrivedOrdersCount: 1, shortOrdersCount: 1 });
    const orderAfterFirst = await orderNow(ctx.app, admin, orders[0]!);
    const historyAfterFirst = await fulfilmentRowsOf(ctx, orders[0]!.id);
    expect(historyAfterFirst).toHaveLength(1);

    const second = await receiveOk(ctx.app, storekeeper, purchase.id, marks);
    expect(second).toMatchObject({ arrivedOrdersCount: 0, shortOrdersCount: 0 });
    expect(second.sheet).toEqual(first.sheet);
    expect(await orderNow(ctx.app, admin, orders[0]!)).toEqual(orderAfterFirst);
    expect(await messagesTo(ctx, phone, 'goods_arrived')).toHaveLength(1);
    expect(await fulfilmentRowsOf(ctx, orders[0]!.id)).toEqual(historyAfterFirst);
  });

  it('receive-rest marks every line not yet received as fully arrived and keeps the marks made before', async () => {
    const phones = [clientPhone(), clientPhone()];
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        {
          phone: phones[0]!,
          lines: [
            { product: 'Юбка', quantity: 2, unitPriceKopecks: 40_000 },
            { product: 'Блузка', quantity: 1, unitPriceKopecks: 30_000 },
          ],
        },
        { phone: phones[1]!, lines: [{ product: 'Брюки', quantity: 3, unitPriceKopecks: 50_000 }] },
      ],
    });
    const [a, b] = orders as [Order, Order];
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(a, 'Юбка')], arrivedQuantity: 1 }]);

    const result = await receiveRestOk(ctx.app, storekeeper, purchase.id);
    expect(result).toMatchObject({ arrivedOrdersCount: 2, shortOrdersCount: 1 });
    expect(result.sheet.purchase).toMatchObject({ linesCount: 3, receivedLinesCount: 3, awaitingOrdersCount: 0 });
    expect(result.sheet.groups.every((g) => g.isReceived)).toBe(true);

    const [aAfter, bAfter] = await ordersOf(ctx.app, admin, purchase.id, [a.id, b.id]);
    expect(lineNamed(aAfter!, 'Юбка')).toMatchObject({ arrivedQuantity: 1, missingQuantity: 1 });
    expect(lineNamed(aAfter!, 'Блузка')).toMatchObject({ arrivedQuantity: 1, missingQuantity: 0 });
    expect(lineNamed(bAfter!, 'Брюки')).toMatchObject({ arrivedQuantity: 3, missingQuantity: 0 });
    expect(aAfter).toMatchObject({ fulfilmentStatus: 'arrived', totalKopecks: 70_000 });
    expect(bAfter).toMatchObject({ fulfilmentStatus: 'arrived', totalKopecks: 150_000 });
    expect(await messagesTo(ctx, phones[1]!, 'goods_arrived')).toEqual([
      expect.stringContaining(`заказ №${b.number} («${purchase.title}») поступил на склад.`),
    ]);

    // Nothing is left: a second press changes nothing and tells nobody.
    expect(await receiveRestOk(ctx.app, storekeeper, purchase.id)).toMatchObject({ arrivedOrdersCount: 0 });
    expect(await messagesTo(ctx, phones[0]!, 'goods_arrived')).toHaveLength(1);
  });
});

describe('receiving refuses', () => {
  it('more units than ordered: 400 with a Russian message, and nothing is marked', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        { phone: clientPhone(), lines: [{ product: 'Перчатки', quantity: 2, unitPriceKopecks: 20_000 }] },
        { phone: clientPhone(), lines: [{ product: 'Перчатки', quantity: 2, unitPriceKopecks: 20_000 }] },
      ],
    });
    const [a, b] = orders as [Order, Order];
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(a, 'Перчатки')], arrivedQuantity: 3 }]), 400, {
      message: '«Перчатки»: поступило 3, а заказано 2',
    });
    expectError(
      await receive(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(a, 'Перчатки'), lineOf(b, 'Перчатки')], arrivedQuantity: 5 }]),
      400,
      { message: '«Перчатки»: поступило 5, а заказано 4' },
    );
    const sheet = await receivingSheet(ctx.app, storekeeper, purchase.id);
    expect(sheet.purchase.receivedLinesCount).toBe(0);
    expect(sheet.purchase.status).toBe('in_transit');
  });

  it('a negative or fractional quantity: 400 from validation', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone: clientPhone(), lines: [{ product: 'Пояс', quantity: 2, unitPriceKopecks: 20_000 }] }],
    });
    const lineIds = [lineOf(orders[0]!, 'Пояс')];
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds, arrivedQuantity: -1 }]), 400, {
      message: 'Количество — целое число от 0',
    });
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds, arrivedQuantity: 1.5 }]), 400, {
      message: 'Количество — целое число от 0',
    });
  });

  it('one mark over lines of two different products: 400', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        {
          phone: clientPhone(),
          lines: [
            { product: 'Кеды', options: '38', quantity: 1, unitPriceKopecks: 300_000 },
            { product: 'Кеды', options: '39', quantity: 1, unitPriceKopecks: 300_000 },
          ],
        },
      ],
    });
    const lineIds = orders[0]!.lines.map((l) => l.id);
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds, arrivedQuantity: 1 }]), 400, {
      message: 'В одной отметке — строки только одного товара',
    });
  });

  it('a line of another purchase: 404, and neither purchase changes', async () => {
    const first = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone: clientPhone(), lines: [{ product: 'Плед', quantity: 1, unitPriceKopecks: 250_000 }] }],
    });
    const second = await purchaseOnTheWay(ctx.app, admin, {
      orders: [{ phone: clientPhone(), lines: [{ product: 'Подушка', quantity: 1, unitPriceKopecks: 120_000 }] }],
    });
    expectError(
      await receive(ctx.app, storekeeper, first.purchase.id, [
        { lineIds: [lineOf(first.orders[0]!, 'Плед')], arrivedQuantity: 1 },
        { lineIds: [lineOf(second.orders[0]!, 'Подушка')], arrivedQuantity: 1 },
      ]),
      404,
      { message: 'Строка заказа не найдена в этой закупке: обновите страницу' },
    );
    for (const { purchase } of [first, second]) {
      expect((await receivingSheet(ctx.app, storekeeper, purchase.id)).purchase).toMatchObject({
        receivedLinesCount: 0,
        status: 'in_transit',
      });
    }
  });

  it('an unknown purchase: 404', async () => {
    expectError(await receiveRest(ctx.app, storekeeper, '00000000-0000-4000-8000-000000000000'), 404, { message: 'Закупка не найдена' });
  });

  it('a purchase still in «Оплата»: 409, nothing is marked', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      status: 'payment',
      orders: [{ phone: clientPhone(), lines: [{ product: 'Зонт', quantity: 1, unitPriceKopecks: 80_000 }] }],
    });
    expectError(await receive(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(orders[0]!, 'Зонт')], arrivedQuantity: 1 }]), 409, {
      message: 'Закупка в статусе «Оплата»: товары принимают, когда она в пути или на складе',
    });
    expectError(await receiveRest(ctx.app, storekeeper, purchase.id), 409);
    expect((await orderNow(ctx.app, admin, orders[0]!)).lines[0]!.arrivedQuantity).toBeNull();
  });
});

describe('the purchase follows its receiving', () => {
  it('the admin sees linesCount and receivedLinesCount on the purchase and in the list', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        {
          phone: clientPhone(),
          lines: [
            { product: 'Ваза', quantity: 1, unitPriceKopecks: 60_000 },
            { product: 'Свеча', quantity: 4, unitPriceKopecks: 5_000 },
          ],
        },
        { phone: clientPhone(), lines: [{ product: 'Свеча', quantity: 2, unitPriceKopecks: 5_000 }] },
      ],
    });
    expect(await purchaseNow(purchase.id)).toMatchObject({ linesCount: 3, receivedLinesCount: 0 });
    await receiveOk(ctx.app, storekeeper, purchase.id, [
      { lineIds: [lineOf(orders[0]!, 'Свеча'), lineOf(orders[1]!, 'Свеча')], arrivedQuantity: 5 },
    ]);
    expect(await purchaseNow(purchase.id)).toMatchObject({ linesCount: 3, receivedLinesCount: 2 });
    const list = await call(ctx.app, endpoints.purchases.list, { query: { pageSize: '100' }, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: Purchase[] }>().items.find((p) => p.id === purchase.id)).toMatchObject({
      linesCount: 3,
      receivedLinesCount: 2,
    });

    // The storekeeper's list of purchases to receive says the same.
    const receiving = await call(ctx.app, endpoints.warehouse.receivingPurchases, { headers: storekeeper });
    expect(receiving.statusCode, receiving.body).toBe(200);
    expect(receiving.json<ReceivingPurchase[]>().find((p) => p.id === purchase.id)).toEqual({
      id: purchase.id,
      title: purchase.title,
      supplier: purchase.supplier,
      status: 'at_warehouse',
      ordersCount: 2,
      linesCount: 3,
      receivedLinesCount: 2,
      awaitingOrdersCount: 1,
    });
  });

  it('moving to «Раздача» before everything is received: 409 naming the counts; after receive-rest: 200', async () => {
    const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
      orders: [
        {
          phone: clientPhone(),
          lines: [
            { product: 'Чашка', quantity: 2, unitPriceKopecks: 15_000 },
            { product: 'Блюдце', quantity: 2, unitPriceKopecks: 10_000 },
            { product: 'Ложка', quantity: 6, unitPriceKopecks: 3_000 },
          ],
        },
      ],
    });
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(orders[0]!, 'Чашка')], arrivedQuantity: 2 }]);
    expectError(await setStatus(ctx.app, admin, purchase.id, 'distribution'), 409, {
      message: 'Приёмка не закончена: принято 1 из 3 строк. Отметьте остальное на складе',
    });
    expect((await purchaseNow(purchase.id)).status).toBe('at_warehouse');

    await receiveRestOk(ctx.app, storekeeper, purchase.id);
    const moved = await setStatus(ctx.app, admin, purchase.id, 'distribution');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Purchase>()).toMatchObject({ status: 'distribution', linesCount: 3, receivedLinesCount: 3 });
  });
});
