import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, signInAs, type TestContext } from './helpers.js';
import { createPurchase, multipart, setStatus } from './purchases-kit.js';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => { ctx = await createTestApp(); admin = await signInAs(ctx.app, 'admin'); });
afterAll(() => ctx.close());

it('probe', async () => {
  const app = ctx.app;
  const p = await createPurchase(app, admin, { title: 'Платье Летнее', supplier: 'ООО Ромашка', organizerFeePercent: 10, showOnMain: true, mainOrder: 3 });
  for (const s of ['платье', 'ПЛАТЬЕ', 'Платье', 'ромашка'])
    console.log('search', s, (await app.inject({ method: 'GET', url: `/api/purchases?search=${encodeURIComponent(s)}`, headers: admin })).json().total);
  const patched = await app.inject({ method: 'PATCH', url: `/api/purchases/${p.id}`, headers: admin, payload: { title: 'Новое' } });
  console.log('patch', patched.body);
  await setStatus(app, admin, p.id, 'open');
  const dup = await app.inject({ method: 'POST', url: '/api/orders', headers: admin, payload: { purchaseId: p.id, phone: '79001112233', lines: [{ product: 'Шапка', quantity: 1, unitPriceKopecks: 100 }, { product: 'Шапка', quantity: 2, unitPriceKopecks: 100 }] } });
  console.log('dup', dup.statusCode, dup.body);
  const field = multipart('title', 'abc', null);
  const nofile = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: { ...admin, ...field.headers }, payload: field.payload });
  console.log('nofile', nofile.statusCode, nofile.body);
  const json = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: admin, payload: { a: 1 } });
  console.log('json', json.statusCode, json.body);
  const none = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: admin });
  console.log('none', none.statusCode, none.body);
  const bad = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: { ...admin, 'content-type': 'multipart/form-data; boundary=zzz' }, payload: 'garbage' });
  console.log('bad', bad.statusCode, bad.body);
  const big = multipart('file', Buffer.alloc(5 * 1024 * 1024 + 1), 'a.png', 'image/png');
  const bigr = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: { ...admin, ...big.headers }, payload: big.payload });
  console.log('big', bigr.statusCode, bigr.body);
  const ex = multipart('file', Buffer.alloc(5 * 1024 * 1024, 1), 'a.png', 'image/png');
  const exr = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/cover`, headers: { ...admin, ...ex.headers }, payload: ex.payload });
  console.log('exact', exr.statusCode, exr.body);
  const ws = await app.inject({ method: 'POST', url: `/api/purchases/${p.id}/orders/import?dryRun=true`, headers: { ...admin, ...multipart('file', '\n\n  \n', 'a.csv').headers }, payload: multipart('file', '\n\n  \n', 'a.csv').payload });
  console.log('ws', ws.statusCode, ws.body);
});
