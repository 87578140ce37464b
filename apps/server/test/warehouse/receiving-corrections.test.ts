import { formatMoney, type Order, endpoints } from '@vmeste/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/tables.js';
import { signInWith } from '../fixtures/accounts-kit.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { clientPhone, lineOf, messagesTo, ordersOf, purchaseOnTheWay, receive, receiveOk } from '../fixtures/warehouse-kit.js';

/**
 * A receiving corrected after the client was told: every change of what arrived of a received order
 * tells the client the new sum and missing goods, and of several changes only the last one's message
 * is left to go (a message still queued is replaced).
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

const deliver = () => ctx.app.areas.messaging.messenger.deliverDue();

/** Three scarves of 550 ₽, no fee: the example. */
async function scarvesOrder(phone = clientPhone()) {
  const { purchase, orders } = await purchaseOnTheWay(ctx.app, admin, {
    title: 'Шарфы',
    fee: 0,
    orders: [{ phone, lines: [{ product: 'Шарф', quantity: 3, unitPriceKopecks: 55_000 }] }],
  });
  return { purchase, order: orders[0]! };
}

async function queuedTo(phone: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ text: outboxMessages.text })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.phone, phone), eq(outboxMessages.kind, 'goods_arrived'), eq(outboxMessages.status, 'queued')))
    .orderBy(asc(outboxMessages.createdAt));
  return rows.map((r) => r.text);
}

describe('a corrected receiving is told to the client', () => {
  it('1 of 3 arrived, told; corrected to 3, told again with the full sum; the same marks again tell nothing', async () => {
    const { purchase, order } = await scarvesOrder();
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 1 }]);
    await deliver();
    const [short] = await messagesTo(ctx, order.phone, 'goods_arrived');
    expect(short).toBe(
      `Вместе: заказ №${order.number} («Шарфы») поступил на склад не полностью. Не поступило: Шарф — 2 шт. ` +
        `Сумма заказа — ${formatMoney(55_000)}. К оплате ${formatMoney(55_000)}: ${ctx.config.publicUrl}/order/${order.id}`,
    );

    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 3 }]);
    await deliver();
    const texts = await messagesTo(ctx, order.phone, 'goods_arrived');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(
      `Вместе: приёмка уточнена — заказ №${order.number} («Шарфы») поступил на склад полностью. ` +
        `Сумма заказа — ${formatMoney(165_000)}. К оплате ${formatMoney(165_000)}: ${ctx.config.publicUrl}/order/${order.id}`,
    );

    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 3 }]);
    expect(await messagesTo(ctx, order.phone, 'goods_arrived')).toHaveLength(2);
  });

  it('corrected to nothing arrived: the client hears that nothing came', async () => {
    const { purchase, order } = await scarvesOrder();
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 2 }]);
    await deliver();
    await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 0 }]);
    const texts = await messagesTo(ctx, order.phone, 'goods_arrived');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(`Вместе: приёмка уточнена — товары, заказанные в заказе №${order.number} («Шарфы»), не поступили от поставщика.`);
  });

  it('corrections made before the first message went out leave one message, of the last marks', async () => {
    const { purchase, order } = await scarvesOrder();
    for (const arrived of [1, 3, 2]) {
      await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: arrived }]);
    }
    const texts = await queuedTo(order.phone);
    expect(texts).toEqual([
      `Вместе: приёмка уточнена — заказ №${order.number} («Шарфы») поступил на склад не полностью. Не поступило: Шарф — 1 шт. ` +
        `Сумма заказа — ${formatMoney(110_000)}. К оплате ${formatMoney(110_000)}: ${ctx.config.publicUrl}/order/${order.id}`,
    ]);
    await deliver();
    expect(await messagesTo(ctx, order.phone, 'goods_arrived')).toHaveLength(1);
  });

  it('a correction of one order does not replace the message of another order of the same client', async () => {
    const phone = clientPhone();
    const first = await scarvesOrder(phone);
    const second = await scarvesOrder(phone);
    await receiveOk(ctx.app, storekeeper, first.purchase.id, [{ lineIds: [lineOf(first.order, 'Шарф')], arrivedQuantity: 3 }]);
    await receiveOk(ctx.app, storekeeper, second.purchase.id, [{ lineIds: [lineOf(second.order, 'Шарф')], arrivedQuantity: 3 }]);
    await receiveOk(ctx.app, storekeeper, second.purchase.id, [{ lineIds: [lineOf(second.order, 'Шарф')], arrivedQuantity: 1 }]);
    const texts = await queuedTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`заказ №${first.order.number} («Шарфы») поступил на склад.`);
    expect(texts[1]).toContain(`заказ №${second.order.number} («Шарфы») поступил на склад не полностью`);
  });
});

/** What the client must last have heard about an order, from the order as it ends. */
function expectTellsOf(text: string | undefined, order: Order) {
  const arrived = order.lines[0]!.arrivedQuantity!;
  expect(text, `order №${order.number}`).toBeDefined();
  if (arrived === 3) expect(text).not.toContain('Не поступило');
  else if (arrived > 0)
    expect(text).toContain(`Не поступило: Шарф — ${3 - arrived} шт. Сумма заказа — ${formatMoney(order.totalKopecks)}.`);
  else expect(text).toContain('не поступили от поставщика');
  if (order.dueKopecks > 0) expect(text).toContain(`К оплате ${formatMoney(order.dueKopecks)}`);
  else expect(text).not.toContain('К оплате');
}

describe.skipIf(!isPostgresRun)('corrections at once (PostgreSQL only: PGlite never overlaps two requests)', () => {
  let secondStorekeeper: Headers;

  beforeAll(async () => {
    const second = { phone: clientPhone(), password: 'sklad-pass-3' };
    const created = await call(ctx.app, endpoints.users.createStaff, {
      headers: admin,
      body: { ...second, name: 'Анна', surname: 'Складова', role: 'storekeeper' },
    });
    expect(created.statusCode, created.body).toBe(201);
    secondStorekeeper = await signInWith(ctx.app, second.phone, second.password);
  });

  it('two storekeepers correcting one order while messages are being delivered: the last message tells the final marks', async () => {
    const rounds = await Promise.all(Array.from({ length: 6 }, () => scarvesOrder()));
    for (const { purchase, order } of rounds) {
      await receiveOk(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 1 }]);
    }
    const answers = await Promise.all([
      ...rounds.flatMap(({ purchase, order }, i) => [
        receive(ctx.app, storekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: 3 }]),
        receive(ctx.app, secondStorekeeper, purchase.id, [{ lineIds: [lineOf(order, 'Шарф')], arrivedQuantity: i % 3 }]),
      ]),
      deliver(),
      deliver(),
    ]);
    for (const answer of answers) if (typeof answer !== 'number') expect(answer.statusCode, answer.body).toBe(200);
    await deliver();

    for (const { purchase, order } of rounds) {
      const [now] = await ordersOf(ctx.app, admin, purchase.id, [order.id]);
      const texts = await messagesTo(ctx, order.phone, 'goods_arrived');
      // The first receiving's message, then one or two corrections (the first may have been replaced).
      expect(texts.length).toBeGreaterThanOrEqual(1);
      expect(texts.length).toBeLessThanOrEqual(3);
      expectTellsOf(texts.at(-1), now!);
      expect(await queuedTo(order.phone)).toEqual([]);
    }
  });
});
