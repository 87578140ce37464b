import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { listOrdersOf } from '../fixtures/purchases-kit.js';
import { goods, orderByLink, purchaseWithOrders } from '../fixtures/payments-kit.js';

/**
 * The order page for whoever holds its link (`/order/{id}`, where a relative pays) shows the client
 * as «Мария И.», as it shows the phone masked: enough to recognise the order, not to learn whose it
 * is (issue 24, item 13). The staff's views keep the whole name.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

it('shows the first name and the surname’s initial, whichever way round the name was written', async () => {
  const admin = await signInAs(ctx.app, 'admin');
  const { purchase, orders } = await purchaseWithOrders(ctx.app, admin, {
    orders: [
      { phone: demoPhones.client, clientName: 'Иванова Мария Петровна', lines: goods(10_000) },
      { phone: '79005550011', clientName: 'Пётр Сидоров', lines: goods(10_000) },
    ],
  });
  const [maria, petr] = [await orderByLink(ctx.app, orders[0]!.id), await orderByLink(ctx.app, orders[1]!.id)];
  expect(maria.clientName).toBe('Мария И.');
  expect(maria.phone).toMatch(/\*\*\*/);
  expect(petr.clientName).toBe('Пётр С.');
  expect(JSON.stringify(maria)).not.toContain('Иванова');

  const forStaff = await listOrdersOf(ctx.app, admin, purchase.id);
  expect(forStaff.map((o) => o.clientName).sort()).toEqual(['Иванова Мария Петровна', 'Пётр Сидоров']);
});
