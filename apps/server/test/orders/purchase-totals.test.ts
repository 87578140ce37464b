import { endpoints, type Purchase } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { recordCash } from '../fixtures/payments-kit.js';
import { createPurchase, csvOf, IMPORT_HEADER, importFile, listOrdersOf, setStatus, walkTo } from '../fixtures/purchases-kit.js';
import { keptAndRecounted, ordersWithWrongLineCounts } from '../fixtures/purchase-totals-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import { receiveOk, receiveRestOk } from '../fixtures/warehouse-kit.js';

/**
 * The purchases list's figures are kept per purchase by triggers (migration 0017, decision 028), not
 * summed from every order line on each request. Whatever changes orders — import and re-import, hand
 * edits, payments, fee changes, receiving, cancellation, a deleted order — the kept figures must equal
 * the orders and lines counted again, for every purchase of the database, and the list must show them.
 */

describe('the purchases list figures kept per purchase', () => {
  let ctx: TestContext;
  let admin: Headers;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function expectKeptEqualsRecount() {
    const { kept, recounted } = await keptAndRecounted(ctx);
    expect(kept).toEqual(recounted);
    expect(await ordersWithWrongLineCounts(ctx)).toEqual([]);
  }

  async function listed(id: string): Promise<Purchase> {
    const res = await call(ctx.app, endpoints.purchases.list, { query: { pageSize: '100' }, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ items: Purchase[] }>().items.find((p) => p.id === id);
    expect(found, `purchase ${id} in the list`).toBeDefined();
    return found!;
  }

  const figuresOf = (p: Purchase) => ({
    ordersCount: p.ordersCount,
    dueKopecks: p.dueKopecks,
    paidKopecks: p.paidKopecks,
    linesCount: p.linesCount,
    receivedLinesCount: p.receivedLinesCount,
  });

  it('the demo data as migrated and seeded: kept equals recount', async () => {
    await expectKeptEqualsRecount();
  });

  it('import, re-import, hand edits, fee, cash, receiving, a deleted order and cancellation: the list shows the orders counted again', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Закупка с цифрами', organizerFeePercent: 10 });
    await walkTo(ctx.app, admin, purchase.id, 'open');
    const first = csvOf([
      IMPORT_HEADER,
      ['79310000001', 'Архипова Дарья', 'Платье', 'P-1', '110', '2', '1 000,00'],
      ['79310000001', 'Архипова Дарья', 'Носки', '', '', '3', '99,99'],
      ['79310000002', 'Белов Илья', 'Шапка', 'Ш-2', '', '1', '500,50'],
      ['79310000003', 'Волкова Яна', 'Варежки', '', 'синие', '4', '250,00'],
    ]);
    const imported = await importFile(ctx.app, admin, purchase.id, first);
    expect(imported.statusCode, imported.body).toBe(200);
    // Goods 2,000.00 + 299.97; 500.50; 1,000.00, each with 10 % half-up: 2,529.97 (2,299.97 + 230.00), 550.55, 1,100.00.
    expect(figuresOf(await listed(purchase.id))).toEqual({
      ordersCount: 3,
      dueKopecks: 252_997 + 55_055 + 110_000,
      paidKopecks: 0,
      linesCount: 4,
      receivedLinesCount: 0,
    });
    await expectKeptEqualsRecount();

    // The same file again with a changed quantity and a fifth line for a fourth client.
    const again = csvOf([
      IMPORT_HEADER,
      ['79310000001', 'Архипова Дарья', 'Платье', 'P-1', '110', '1', '1 000,00'],
      ['79310000001', 'Архипова Дарья', 'Носки', '', '', '3', '99,99'],
      ['79310000002', 'Белов Илья', 'Шапка', 'Ш-2', '', '1', '500,50'],
      ['79310000003', 'Волкова Яна', 'Варежки', '', 'синие', '4', '250,00'],
      ['79310000004', 'Гусев Олег', 'Шарф', '', '', '1', '300,00'],
    ]);
    expect((await importFile(ctx.app, admin, purchase.id, again)).statusCode).toBe(200);
    await expectKeptEqualsRecount();

    const orders = await listOrdersOf(ctx.app, admin, purchase.id);
    const byPhone = new Map(orders.map((o) => [o.phone, o]));
    const edit = await call(ctx.app, endpoints.orders.update, {
      params: { id: byPhone.get('79310000002')!.id },
      headers: admin,
      body: {
        lines: [
          { product: 'Шапка', article: 'Ш-2', quantity: 2, unitPriceKopecks: 50_050 },
          { product: 'Перчатки', quantity: 1, unitPriceKopecks: 70_000 },
        ],
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // A line taken out by hand and another put in its place.
    const swap = await call(ctx.app, endpoints.orders.update, {
      params: { id: byPhone.get('79310000003')!.id },
      headers: admin,
      body: { lines: [{ product: 'Шарф', quantity: 1, unitPriceKopecks: 30_000 }] },
    });
    expect(swap.statusCode, swap.body).toBe(200);
    const added = await call(ctx.app, endpoints.orders.create, {
      headers: admin,
      body: {
        purchaseId: purchase.id,
        phone: '79310000005',
        clientName: 'Дёмина Ольга',
        lines: [{ product: 'Платок', quantity: 1, unitPriceKopecks: 45_000 }],
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    await expectKeptEqualsRecount();

    const fee = await call(ctx.app, endpoints.purchases.update, {
      params: { id: purchase.id },
      headers: admin,
      body: { organizerFeePercent: 12.5 },
    });
    expect(fee.statusCode, fee.body).toBe(200);
    await expectKeptEqualsRecount();

    await walkTo(ctx.app, admin, purchase.id, 'payment');
    const paidOrder = byPhone.get('79310000001')!;
    expect((await recordCash(ctx.app, admin, paidOrder.id)).statusCode).toBe(201);
    await expectKeptEqualsRecount();

    await walkTo(ctx.app, admin, purchase.id, 'in_transit');
    const lineIdOf = (product: string) => paidOrder.lines.find((l) => l.product === product)!.id;
    // No dress and all the socks: the paid order now costs less and is owed money back.
    await receiveOk(ctx.app, admin, purchase.id, [
      { lineIds: [lineIdOf('Платье')], arrivedQuantity: 0 },
      { lineIds: [lineIdOf('Носки')], arrivedQuantity: 3 },
    ]);
    const partly = await listed(purchase.id);
    // 2 + 1 + 1 + 1 lines imported, one more by the hand edit, one in the order added by hand.
    expect(partly.linesCount).toBe(7);
    expect(partly.receivedLinesCount).toBe(2);
    await expectKeptEqualsRecount();

    // An order removed by hand in the database (nothing in the shop deletes one): its lines go with it.
    const gone = byPhone.get('79310000004')!;
    await ctx.database.db.execute(sql`delete from orders where id = ${gone.id}`);
    await expectKeptEqualsRecount();

    await receiveRestOk(ctx.app, admin, purchase.id);
    const received = await listed(purchase.id);
    expect(received.receivedLinesCount).toBe(received.linesCount);
    await expectKeptEqualsRecount();
  });

  it('a canceled purchase: its canceled orders leave the figures, and the kept rows stay few', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Отменяемая закупка' });
    await walkTo(ctx.app, admin, purchase.id, 'open');
    const rows = Array.from({ length: 30 }, (_, i) => [
      `7932000${String(i).padStart(4, '0')}`,
      `Клиент ${i}`,
      'Товар',
      '',
      '',
      '1',
      '100,00',
    ]);
    expect((await importFile(ctx.app, admin, purchase.id, csvOf([IMPORT_HEADER, ...rows]))).statusCode).toBe(200);
    await walkTo(ctx.app, admin, purchase.id, 'payment');
    const orders = await listOrdersOf(ctx.app, admin, purchase.id);
    // Thirty cash payments, each its own statement: the rows of the purchase are folded on the way.
    for (const order of orders) expect((await recordCash(ctx.app, admin, order.id)).statusCode).toBe(201);
    const kept = rowsOf(await ctx.database.db.execute(sql`select 1 from order_purchase_totals where purchase_id = ${purchase.id}`));
    expect(kept.length).toBeLessThan(16);
    expect(figuresOf(await listed(purchase.id))).toMatchObject({ ordersCount: 30, dueKopecks: 0, paidKopecks: 30 * 10_000 });
    await expectKeptEqualsRecount();

    expect((await setStatus(ctx.app, admin, purchase.id, 'canceled')).statusCode).toBe(200);
    await expectKeptEqualsRecount();
  });

  it('the full rebuild (migration, bulk loads) gives the same figures the triggers kept', async () => {
    const before = await keptAndRecounted(ctx);
    await ctx.database.db.execute(sql`select order_purchase_totals_rebuild()`);
    const after = await keptAndRecounted(ctx);
    expect(after.kept).toEqual(before.kept);
    expect(after.kept).toEqual(after.recounted);
  });
});
