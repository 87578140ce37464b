import { orderTotalsOf, percentToBasisPoints, endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases } from '../../src/tables.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import { createPurchase, listOrdersOf, type PurchaseJson } from '../fixtures/purchases-kit.js';

/**
 * Many organizer fee edits of one purchase at once: whichever is written last, every order of the
 * purchase ends at the fee the purchase stores. A fee edit compares the new fee with the old one to
 * decide whether the orders need recomputing; read outside the edit's transaction (the old bug), an
 * edit that sets the fee back to the value it read while another edit moved it away saw "no change",
 * and the orders kept the other edit's fee. So half of the edits of each burst set the fee the
 * purchase had when the burst started.
 */

const BURSTS = 5;
const EDITS_PER_BURST = 20;
const OTHER_PERCENTS = [0, 1.25, 5, 7.77, 12.5, 15, 20.01, 33.33, 50, 99.99, 100];

describe.skipIf(!isPostgresRun)(
  'concurrent organizer fee edits (PostgreSQL only: PGlite has one connection, so requests never overlap)',
  () => {
    let ctx: TestContext;
    let admin: Headers;
    let purchase: PurchaseJson;

    beforeAll(async () => {
      ctx = await createTestApp();
      admin = await signInAs(ctx.app, 'admin');
      purchase = await createPurchase(ctx.app, admin, { title: 'Оргсбор наперегонки', organizerFeePercent: 10 });
      // Goods sums whose fees round differently at different percents, half a kopeck included.
      const goodsOfOrders = [1, 5, 25, 9_999, 100_004, 1_234_567];
      for (const [index, goods] of goodsOfOrders.entries()) {
        const res = await call(ctx.app, endpoints.orders.create, {
          headers: admin,
          body: {
            purchaseId: purchase.id,
            phone: `7903000${String(index).padStart(4, '0')}`,
            lines: [{ product: 'Товар', quantity: 1, unitPriceKopecks: goods }],
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    });
    afterAll(() => ctx?.close());

    async function storedFeeBasisPoints(): Promise<number> {
      const [row] = await ctx.database.db
        .select({ fee: purchases.organizerFeeBasisPoints })
        .from(purchases)
        .where(eq(purchases.id, purchase.id));
      return row!.fee;
    }

    it(`${BURSTS} bursts of ${EDITS_PER_BURST} edits: every order ends at the purchase's final fee`, async () => {
      for (let burst = 0; burst < BURSTS; burst += 1) {
        const startPercent = (await storedFeeBasisPoints()) / 100;
        const percents = Array.from({ length: EDITS_PER_BURST }, (_, i) =>
          i % 2 === 0 ? startPercent : OTHER_PERCENTS[(burst + i) % OTHER_PERCENTS.length]!,
        );
        const answers = await Promise.all(
          percents.map((organizerFeePercent) =>
            call(ctx.app, endpoints.purchases.update, { params: { id: purchase.id }, headers: admin, body: { organizerFeePercent } }),
          ),
        );
        for (const res of answers) expect(res.statusCode, res.body).toBe(200);

        const finalFee = await storedFeeBasisPoints();
        expect(percents.map(percentToBasisPoints)).toContain(finalFee);
        const rows = await ctx.database.db.select().from(orders).where(eq(orders.purchaseId, purchase.id));
        expect(rows).toHaveLength(6);
        for (const row of rows) {
          const expected = orderTotalsOf(row.goodsKopecks, finalFee);
          expect(
            { organizerFeeKopecks: row.organizerFeeKopecks, totalKopecks: row.totalKopecks },
            `burst ${burst + 1}: the order of ${row.phone} (goods ${row.goodsKopecks}) at the fee ${finalFee / 100} %`,
          ).toEqual({ organizerFeeKopecks: expected.organizerFeeKopecks, totalKopecks: expected.totalKopecks });
        }
        // The API says the same as the table.
        for (const order of await listOrdersOf(ctx.app, admin, purchase.id)) {
          expect(order.organizerFeePercent).toBe(finalFee / 100);
          expect(order.organizerFeeKopecks).toBe(orderTotalsOf(order.goodsKopecks, finalFee).organizerFeeKopecks);
        }
      }
    });
  },
);
