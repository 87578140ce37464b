import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { multipart } from '../fixtures/requests.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

describe('purchase → import → client', () => {
  it('works end to end', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: admin,
      payload: { title: 'Детская одежда', organizerFeePercent: 15, showOnMain: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const purchase = created.json<{ id: string }>();
    await ctx.app.inject({ method: 'POST', url: `/api/purchases/${purchase.id}/status`, headers: admin, payload: { status: 'open' } });
    const csv =
      'Телефон;ФИО;Товар;Артикул;Параметры;Количество;Цена\n89000000004;Иванова Мария;Платье;A-1;110 см;2;1 000,50\n79001112233;Пётр;Шапка;;;1;500\n';
    const body = multipart('file', csv, 'orders.csv', 'text/csv');
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `/api/purchases/${purchase.id}/orders/import?dryRun=true`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ isApplied: false, rowsCount: 2, errorsCount: 0 });
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `/api/purchases/${purchase.id}/orders/import`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/purchases/${purchase.id}/orders/import`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(again.statusCode).toBe(200);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/orders?purchaseId=${purchase.id}`, headers: admin });
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
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/orders/my?state=unpaid', headers: client });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toHaveLength(1);
    const covers = await ctx.app.inject({ method: 'GET', url: '/api/purchases/covers' });
    expect(covers.json()).toHaveLength(1);
    const id = mine.json<{ id: string }[]>()[0]!.id;
    const pub = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().phone).toBe('+7 (900) ***-**-04');
  });
});

describe('unfinished purchases filter', () => {
  it('isOpen=true leaves out completed and canceled purchases', async () => {
    const make = async (title: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/purchases', headers: admin, payload: { title } })).json<{ id: string }>();
    const open = await make('Идёт');
    const canceled = await make('Отменена');
    await ctx.app.inject({ method: 'POST', url: `/api/purchases/${canceled.id}/status`, headers: admin, payload: { status: 'canceled' } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/purchases?isOpen=true&pageSize=100', headers: admin });
    const ids = res.json<{ items: { id: string }[] }>().items.map((p) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(canceled.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/purchases?isOpen=maybe', headers: admin })).statusCode).toBe(400);
  });
});
