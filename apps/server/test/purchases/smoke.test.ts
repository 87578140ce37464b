import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { multipart, call, callUnchecked } from '../fixtures/requests.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

describe('purchase → import → client', () => {
  it('works end to end', async () => {
    const created = await call(ctx.app, endpoints.purchases.create, {
      headers: admin,
      body: { title: 'Детская одежда', organizerFeePercent: 15, showOnMain: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json<{ id: string }>();
    await call(ctx.app, endpoints.purchases.changeStatus, { params: { id: purchase.id }, headers: admin, body: { status: 'open' } });
    const csv =
      'Телефон;ФИО;Товар;Артикул;Параметры;Количество;Цена\n89000000004;Иванова Мария;Платье;A-1;110 см;2;1 000,50\n79001112233;Пётр;Шапка;;;1;500\n';
    const body = multipart('file', csv, 'orders.csv', 'text/csv');
    const preview = await call(ctx.app, endpoints.orders.import, {
      params: { id: purchase.id },
      query: { dryRun: 'true' },
      headers: admin,
      form: body,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ isApplied: false, rowsCount: 2, errorsCount: 0 });
    const applied = await call(ctx.app, endpoints.orders.import, { params: { id: purchase.id }, headers: admin, form: body });
    expect(applied.statusCode, applied.body).toBe(200);
    const again = await call(ctx.app, endpoints.orders.import, { params: { id: purchase.id }, headers: admin, form: body });
    expect(again.statusCode).toBe(200);
    const list = await call(ctx.app, endpoints.orders.list, { query: { purchaseId: purchase.id }, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const orders = list.json<{
      items: { phone: string; goodsKopecks: number; organizerFeeKopecks: number; totalKopecks: number; lines: unknown[] }[];
      total: number;
    }>();
    expect(orders.total).toBe(2);
    const maria = orders.items.find((o) => o.phone === '79000000004')!;
    expect(maria.lines).toHaveLength(1);
    expect(maria).toMatchObject({ goodsKopecks: 200100, organizerFeeKopecks: 30015, totalKopecks: 230115 });
    const client = await signInAs(ctx.app, 'client');
    const mine = await call(ctx.app, endpoints.orders.listMine, { query: { state: 'unpaid' }, headers: client });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toHaveLength(1);
    const covers = await call(ctx.app, endpoints.purchases.covers);
    expect(covers.json()).toHaveLength(1);
    const id = mine.json<{ id: string }[]>()[0]!.id;
    const pub = await call(ctx.app, endpoints.orders.getByLink, { params: { id } });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().phone).toBe('+7 (900) ***-**-04');
  });
});

describe('unfinished purchases filter', () => {
  it('isOpen=true leaves out completed and canceled purchases', async () => {
    const make = async (title: string) =>
      (await call(ctx.app, endpoints.purchases.create, { headers: admin, body: { title } })).json<{ id: string }>();
    const open = await make('Идёт');
    const canceled = await make('Отменена');
    await call(ctx.app, endpoints.purchases.changeStatus, { params: { id: canceled.id }, headers: admin, body: { status: 'canceled' } });
    const res = await call(ctx.app, endpoints.purchases.list, { query: { isOpen: 'true', pageSize: '100' }, headers: admin });
    const ids = res.json<{ items: { id: string }[] }>().items.map((p) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(canceled.id);
    expect((await callUnchecked(ctx.app, endpoints.purchases.list, { query: { isOpen: 'maybe' }, headers: admin })).statusCode).toBe(400);
  });
});
