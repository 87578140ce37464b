import { paymentStateTitles, endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { goods, myOrders, orderByLink, payOk, purchaseWithOrders, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import { type OrderJson, setStatus } from '../fixtures/purchases-kit.js';
import { call, callUnchecked, type Headers } from '../fixtures/requests.js';

/**
 * A canceled order owes nothing, so its payment state is never «Не оплачен»: it is «Отменён» with no
 * money held, and «К возврату» while paid money is to go back. The order view, the one by link and
 * the admin's filter by payment state all say the same.
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
});
afterAll(() => ctx.close());

async function listIds(query: string): Promise<string[]> {
  const res = await callUnchecked(ctx.app, endpoints.orders.list, { query: `pageSize=100&${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: OrderJson[] }>().items.map((o) => o.id);
}

describe('the payment state of a canceled order', () => {
  it('is «Отменён» when nothing was paid and «К возврату» when money came after the cancel', async () => {
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      orders: [
        { phone: '79003330001', lines: goods(100_000) },
        { phone: demoPhones.client, lines: goods(70_000) },
      ],
    });
    const [unpaid, late] = orders as [OrderJson, OrderJson];
    const live = (await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: '79003330002', lines: goods(50_000) }] })).orders[0]!;
    // The client starts paying online, the purchase is canceled, and the bank's money comes after.
    const started = await payOk(ctx.app, client, [late.id], 'card');
    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);
    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);

    const canceled = await orderByLink(ctx.app, unpaid.id);
    expect(canceled).toMatchObject({ isCanceled: true, dueKopecks: 0, paidKopecks: 0, paymentState: 'canceled' });
    const owedBack = await orderByLink(ctx.app, late.id);
    expect(owedBack).toMatchObject({ isCanceled: true, dueKopecks: 0, paidKopecks: 70_000, paymentState: 'refund_due' });
    expect(await orderByLink(ctx.app, live.id)).toMatchObject({ isCanceled: false, paymentState: 'unpaid' });

    // The admin's filter works the state out exactly as the view does.
    expect(await listIds(`purchaseId=${purchase.id}&paymentState=unpaid`)).toEqual([]);
    expect(await listIds(`purchaseId=${purchase.id}&paymentState=paid`)).toEqual([]);
    expect(await listIds(`purchaseId=${purchase.id}&paymentState=partially_paid`)).toEqual([]);
    expect(await listIds(`purchaseId=${purchase.id}&paymentState=canceled`)).toEqual([unpaid.id]);
    expect(await listIds(`purchaseId=${purchase.id}&paymentState=refund_due`)).toEqual([late.id]);
    const unpaidEverywhere = await listIds('paymentState=unpaid');
    expect(unpaidEverywhere).toContain(live.id);
    expect(unpaidEverywhere).not.toContain(unpaid.id);
    const listed = await call(ctx.app, endpoints.orders.list, { query: { purchaseId: purchase.id }, headers: admin });
    expect(new Map(listed.json<{ items: OrderJson[] }>().items.map((o) => [o.id, o.paymentState]))).toEqual(
      new Map([
        [unpaid.id, 'canceled'],
        [late.id, 'refund_due'],
      ]),
    );
  });

  it("keeps a canceled order holding money in the client's paid orders, as «К возврату»; one holding none leaves", async () => {
    const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
      orders: [{ phone: demoPhones.client, lines: goods(30_000) }],
    });
    const other = (await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: demoPhones.client, lines: goods(20_000) }] })).orders[0]!;
    const late = orders[0]!;
    const started = await payOk(ctx.app, client, [late.id], 'sbp');
    const otherStarted = await payOk(ctx.app, client, [other.id], 'card');
    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);
    expect((await sandboxDecide(ctx.app, sandboxIdOf(otherStarted), 'decline')).statusCode).toBe(200);
    expect((await setStatus(ctx.app, admin, other.purchase.id, 'canceled')).statusCode).toBe(200);
    expect((await sandboxDecide(ctx.app, sandboxIdOf(started), 'pay')).statusCode).toBe(200);

    const stateOf = async (state?: 'unpaid' | 'paid') =>
      new Map((await myOrders(ctx.app, client, state)).map((o) => [o.id, o.paymentState]));
    for (const listed of [await stateOf(), await stateOf('paid')]) {
      expect(listed.get(late.id)).toBe('refund_due');
      expect(listed.has(other.id)).toBe(false);
    }
    expect((await stateOf('unpaid')).has(late.id)).toBe(false);
  });

  it('has Russian titles', () => {
    expect(paymentStateTitles.canceled).toBe('Отменён');
    expect(paymentStateTitles.refund_due).toBe('К возврату');
  });
});
