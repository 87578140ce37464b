import { endpoints, type PublicSettings } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createCard, goods, pay, payByLink, payOk, purchaseWithOrders, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';

/**
 * A production start never takes the test payment page by itself (issue 24, item 2): with no
 * provider configured online payment is off and transfers still work; the sandbox only when chosen.
 */

const ONLINE_OFF = 'Онлайн-оплата в магазине не подключена: оплатите переводом на карту';
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://vmeste.example' };

async function publicSettings(ctx: TestContext): Promise<PublicSettings> {
  const res = await call(ctx.app, endpoints.system.publicSettings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicSettings>();
}

describe('production with no PAYMENT_PROVIDER and no YooKassa keys', () => {
  let ctx: TestContext;
  let admin: Headers;
  let client: Headers;
  let cardId: string;

  beforeAll(async () => {
    ctx = await createTestApp(PRODUCTION);
    admin = await signInAs(ctx.app, 'admin');
    client = await signInAs(ctx.app, 'client');
    cardId = (await createCard(ctx.app, admin)).id;
  });
  afterAll(() => ctx.close());

  /** A payable order of the demo client, in a purchase of its own with a transfer card. */
  const clientOrder = async () =>
    (await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(10_000) }] })).orders[0]!;

  it('tells the web app and the start-up summary that online payment is off', async () => {
    expect((await publicSettings(ctx)).paymentProvider).toBeNull();
    expect(ctx.app.areas.payments.serviceState()).toMatchObject({ mode: 'off', detail: expect.stringMatching(/переводом на карту/) });
  });

  it('refuses card and SBP with a Russian 409, from the cabinet and by link; a transfer works', async () => {
    const [first, second] = [await clientOrder(), await clientOrder()];
    for (const method of ['card', 'sbp'] as const) {
      expectError(await pay(ctx.app, client, [first.id], method), 409, { message: ONLINE_OFF, field: 'method' });
      expectError(await payByLink(ctx.app, first.id, method), 409, { message: ONLINE_OFF, field: 'method' });
    }
    const transfer = await payOk(ctx.app, client, [first.id], 'transfer');
    expect(transfer.payments[0]).toMatchObject({ method: 'transfer', status: 'pending' });
    const byLink = await payByLink(ctx.app, second.id, 'transfer');
    expect(byLink.statusCode, byLink.body).toBe(201);
  });

  it('takes cash from the admin', async () => {
    const order = await clientOrder();
    const res = await call(ctx.app, endpoints.payments.recordCash, { headers: admin, body: { orderId: order.id } });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('has no test payment page: the sandbox endpoints answer 404', async () => {
    const id = 'sb_00000000-0000-4000-8000-000000000000';
    expectError(await call(ctx.app, endpoints.payments.sandboxGet, { params: { id } }), 404);
    expectError(await sandboxDecide(ctx.app, id, 'pay'), 404);
  });

  it('runs the payment jobs without asking any provider', async () => {
    expect(await ctx.app.jobs.runDue()).toEqual(expect.arrayContaining(['payments.recheck', 'payments.expire']));
  });
});

describe('production with PAYMENT_PROVIDER=sandbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => ctx.close());

  it('says sandbox to the web app (its banner) and to the start-up summary, and the test page works', async () => {
    expect((await publicSettings(ctx)).paymentProvider).toBe('sandbox');
    expect(ctx.app.areas.payments.serviceState()).toMatchObject({
      mode: 'sandbox',
      detail: expect.stringMatching(/деньги не списываются/),
    });
    const admin = await signInAs(ctx.app, 'admin');
    const client = await signInAs(ctx.app, 'client');
    const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: demoPhones.client, lines: goods(10_000) }] });
    const result = await payOk(ctx.app, client, [orders[0]!.id], 'card');
    expect((await sandboxDecide(ctx.app, sandboxIdOf(result), 'pay')).statusCode).toBe(200);
  });
});

describe('outside production, unset', () => {
  it('is the sandbox, as before', async () => {
    const ctx = await createTestApp();
    try {
      expect((await publicSettings(ctx)).paymentProvider).toBe('sandbox');
    } finally {
      await ctx.close();
    }
  });
});
