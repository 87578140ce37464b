import { endpoints } from '@vmeste/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/tables.js';
import { activationCodeOf, lastOutboxMessage, newPhone, signUpClient } from '../fixtures/accounts-kit.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createPurchase, csvOf, IMPORT_HEADER, importFile, walkTo } from '../fixtures/purchases-kit.js';

/**
 * An import of a phone's orders racing the confirmation of that phone's account: whichever commits
 * second links the orders, so every order ends with the account (on PostgreSQL the two run at once;
 * PGlite takes them in turn and must give the same answer).
 */

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

/** Other clients' rows make the import's transaction long enough for the confirmation to land inside it. */
function fileFor(phone: string, others: string[]): string {
  return csvOf([
    IMPORT_HEADER,
    ...others.map((other, i) => [other, `Клиент ${i + 1}`, 'Носки', `N-${i}`, '', '1', '100']),
    [phone, 'Новая Клиентка', 'Платье', 'A-1', '110 см', '2', '2 500'],
  ]);
}

describe('an account confirmed while its orders are imported', () => {
  it('gets every imported order, whichever transaction commits first', async () => {
    const others = Array.from({ length: 400 }, (_, i) => `79300${String(i).padStart(6, '0')}`);
    const rounds = 8;
    for (let round = 0; round < rounds; round += 1) {
      const client = await signUpClient(ctx.app, newPhone());
      const code = activationCodeOf(await lastOutboxMessage(ctx.app, client.phone, 'activation_code'));
      const purchase = await createPurchase(ctx.app, admin, { title: `Гонка ${round + 1}` });
      await walkTo(ctx.app, admin, purchase.id, 'open');

      // The confirmation starts a little later each round, to land at another point of the import.
      const [imported, confirmed] = await Promise.all([
        importFile(ctx.app, admin, purchase.id, fileFor(client.phone, others)),
        new Promise((resolve) => setTimeout(resolve, round * 40)).then(() =>
          call(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization: client.authorization }, body: { code } }),
        ),
      ]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const [order] = await ctx.database.db
        .select({ userId: orders.userId })
        .from(orders)
        .where(and(eq(orders.purchaseId, purchase.id), eq(orders.phone, client.phone)));
      expect(order, `round ${round + 1}`).toEqual({ userId: client.user.id });
    }
  });
});
