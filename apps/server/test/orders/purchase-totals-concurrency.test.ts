import { endpoints } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { purchaseWithOrders, recordCash } from '../fixtures/payments-kit.js';
import { keptAndRecounted, ordersWithWrongLineCounts } from '../fixtures/purchase-totals-kit.js';
import { csvOf, IMPORT_HEADER, importFile, setStatus } from '../fixtures/purchases-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { purchaseOnTheWay, receive, receiveRest } from '../fixtures/warehouse-kit.js';

/**
 * Each statement that changes orders adds its purchases' change as a new row, and writers fold a
 * purchase's rows now and then (migration 0017, decision 028). Many transactions at once — cash for
 * orders of two purchases pressed twice, the warehouse receiving line by line, an import and hand-made
 * orders in one purchase, a purchase canceled, and raw transactions changing totals and lines of
 * one purchase — must leave every purchase's kept figures equal to its orders counted again, with no
 * deadlock. PostgreSQL only: PGlite never runs two transactions at once.
 */
describe.skipIf(!isPostgresRun)('purchase figures under concurrent changes (PostgreSQL only)', () => {
  let ctx: TestContext;
  let admin: Headers;
  const phoneOf = (group: number, i: number) => `7957${group}${String(i).padStart(6, '0')}`;
  const lines = (i: number) => [
    { product: 'Платье', quantity: 1 + (i % 3), unitPriceKopecks: 10_000 + i * 137 },
    { product: 'Носки', quantity: 2, unitPriceKopecks: 1_999 },
  ];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('payments, receiving, import, hand-made orders, a cancellation and raw line changes at once: kept equals recount', async () => {
    const specs = (group: number, n: number) => Array.from({ length: n }, (_, i) => ({ phone: phoneOf(group, i), lines: lines(i) }));
    const paying = [
      await purchaseWithOrders(ctx.app, admin, { fee: 10, orders: specs(1, 12) }),
      await purchaseWithOrders(ctx.app, admin, { fee: 7.5, orders: specs(2, 12) }),
    ];
    const receiving = await purchaseOnTheWay(ctx.app, admin, { fee: 5, orders: specs(3, 10).map((s, i) => ({ ...s, paid: i % 2 === 0 })) });
    const collecting = await purchaseWithOrders(ctx.app, admin, { status: 'open', orders: specs(4, 5) });
    const canceled = await purchaseWithOrders(ctx.app, admin, { orders: specs(5, 8) });
    const raw = await purchaseWithOrders(ctx.app, admin, { status: 'open', orders: specs(6, 10) });
    const before = await keptAndRecounted(ctx);
    expect(before.kept).toEqual(before.recounted);

    const rawOrderIds = raw.orders.map((o) => o.id);
    // Twenty transactions of five statements each over the same ten orders, in a shuffled order: totals
    // and paid sums move, lines come and go and get received — all in the same purchase.
    const rawTransactions = Array.from({ length: 20 }, (_, t) =>
      ctx.database.db.transaction(async (tx) => {
        const idOf = (s: number) => rawOrderIds[(t * 7 + s * 3) % rawOrderIds.length]!;
        const touched = [...[0, 1, 2, 3, 4].map(idOf), rawOrderIds[t % rawOrderIds.length]!];
        // Locked in id order first, as the shop's writers do, so the transactions wait for each other instead of deadlocking.
        await tx.execute(
          sql`select id from orders where id in (${sql.join(
            touched.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by id for update`,
        );
        for (let s = 0; s < 5; s += 1) {
          const id = idOf(s);
          if (s % 3 === 0)
            await tx.execute(
              sql`update orders set total_kopecks = total_kopecks + ${t + 1}, paid_kopecks = paid_kopecks + ${s} where id = ${id}`,
            );
          if (s % 3 === 1)
            await tx.execute(
              sql`insert into order_lines (order_id, product, quantity, unit_price_kopecks) values (${id}, ${`Лишнее ${t}-${s}`}, 1, 100)`,
            );
          if (s % 3 === 2) await tx.execute(sql`update order_lines set arrived_quantity = 1 where order_id = ${id} and product = 'Носки'`);
        }
        if (t % 4 === 0)
          await tx.execute(
            sql`delete from order_lines where order_id = ${rawOrderIds[t % rawOrderIds.length]!} and product like 'Лишнее%'`,
          );
      }),
    );

    const receivingLines = receiving.orders.flatMap((o) => o.lines.map((l) => l.id));
    const importRows = Array.from({ length: 6 }, (_, i) => [phoneOf(4, i), `Клиент ${i}`, 'Шарф', '', '', String(1 + i), '300,00']);
    const answers = await Promise.all([
      ...paying.flatMap(({ orders }) => orders.flatMap((o) => [recordCash(ctx.app, admin, o.id), recordCash(ctx.app, admin, o.id)])),
      ...receivingLines.map((lineId, i) =>
        receive(ctx.app, admin, receiving.purchase.id, [{ lineIds: [lineId], arrivedQuantity: i % 3 === 0 ? 0 : 1 }]),
      ),
      importFile(ctx.app, admin, collecting.purchase.id, csvOf([IMPORT_HEADER, ...importRows])),
      ...Array.from({ length: 4 }, (_, i) =>
        call(ctx.app, endpoints.orders.create, {
          headers: admin,
          body: { purchaseId: collecting.purchase.id, phone: phoneOf(7, i), clientName: 'Новый клиент', lines: lines(i) },
        }),
      ),
      setStatus(ctx.app, admin, canceled.purchase.id, 'canceled'),
      ...rawTransactions,
    ]);
    const cash = answers.slice(0, 48) as { statusCode: number }[];
    // Each order is paid by exactly one of its two presses.
    expect(cash.filter((res) => res.statusCode === 201)).toHaveLength(24);
    for (const res of answers.slice(48, 48 + receivingLines.length + 6) as { statusCode: number; body: string }[]) {
      expect(res.statusCode, res.body).toBeLessThan(300);
    }

    const after = await keptAndRecounted(ctx);
    expect(after.kept).toEqual(after.recounted);
    expect(await ordersWithWrongLineCounts(ctx)).toEqual([]);
    expect(after.kept[paying[0]!.purchase.id]).toMatchObject({ orders: 12, due: 0, lines: 24 });
    // Five made with the purchase, one more from the file, four by hand.
    expect(after.kept[collecting.purchase.id]).toMatchObject({ orders: 10 });
    expect(after.kept[canceled.purchase.id]).toBeUndefined();

    // The rest arrives while cash is taken again: still equal, and the rows of a purchase stay few.
    await Promise.all([
      receiveRest(ctx.app, admin, receiving.purchase.id),
      ...receiving.orders.map((o) => recordCash(ctx.app, admin, o.id)),
    ]);
    const settled = await keptAndRecounted(ctx);
    expect(settled.kept).toEqual(settled.recounted);
    expect(settled.kept[receiving.purchase.id]).toMatchObject({ awaiting: 0 });
    const perPurchase = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from order_purchase_totals group by purchase_id`),
    );
    // Folded at 16 rows by a writer that gets the purchase's lock; a few more may come in between.
    expect(Math.max(...perPurchase.map((r) => Number(r.n)))).toBeLessThan(40);
  });
});
