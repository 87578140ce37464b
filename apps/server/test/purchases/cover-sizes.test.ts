import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, multipart } from '../fixtures/requests.js';
import { createPurchase, type PurchaseJson } from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
let purchase: PurchaseJson;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  purchase = await withCover(2000, 1000);
});
afterAll(() => ctx.close());

const YEAR_CACHE = 'public, max-age=31536000, immutable';

async function withCover(width: number, height: number): Promise<PurchaseJson> {
  const created = await createPurchase(ctx.app, admin, { title: `Обложка ${width}×${height}` });
  const picture = await sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const body = multipart('file', picture, 'cover.png', 'image/png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/purchases/${created.id}/cover`,
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PurchaseJson>();
}

/** The sizes kept in the file storage (a local folder on PGlite, the database on PostgreSQL). */
async function sizesKept(): Promise<string[]> {
  const names: string[] = [];
  for await (const key of ctx.app.storage.keys()) if (key.startsWith('cover-sizes/')) names.push(key.slice('cover-sizes/'.length));
  return names;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/files/covers/:name?w= (the cover in the size a page shows it)', () => {
  it.each([320, 640, 960])('the grid picture %i px wide, cut to 4:3, cached for a year', async (width) => {
    const res = await get(`${purchase.coverThumbUrl}?w=${width}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(YEAR_CACHE);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
  });

  it('the whole cover keeps its proportions', async () => {
    const res = await get(`${purchase.coverUrl}?w=640`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe(YEAR_CACHE);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 320 });
  });

  it('a small cover is not enlarged', async () => {
    const small = await withCover(400, 300);
    const res = await get(`${small.coverUrl}?w=960`);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('is made once and then served from the storage, the same bytes', async () => {
    const first = await get(`${purchase.coverThumbUrl}?w=320`);
    const name = /covers\/([0-9a-f-]+)-thumb\.webp$/.exec(purchase.coverThumbUrl ?? '')?.[1];
    expect(await sizesKept()).toContain(`${name}-thumb-w320.webp`);
    const again = await get(`${purchase.coverThumbUrl}?w=320`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('a burst of first requests gets the same picture', async () => {
    const fresh = await withCover(1200, 900);
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(`${fresh.coverThumbUrl}?w=640`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
  });

  it.each(['100', '0', 'abc', '640px', '1600'])('w=%s → 400 with a Russian message', async (w) => {
    expectError(await get(`${purchase.coverThumbUrl}?w=${w}`), 400, {
      field: 'w',
      message: 'Ширина обложки — 320, 640 или 960 пикселей',
    });
  });

  it('a missing cover → 404, in any size', async () => {
    expectError(await get('/api/files/covers/00000000-0000-4000-8000-000000000000-thumb.webp?w=320'), 404, { message: 'Файл не найден' });
  });

  it('the sizes made of a replaced cover go with it, an hour after the change', async () => {
    const replaced = await withCover(1000, 750);
    expect((await get(`${replaced.coverThumbUrl}?w=640`)).statusCode).toBe(200);
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#36a' } })
      .jpeg()
      .toBuffer();
    const body = multipart('file', picture, 'new.jpg', 'image/jpeg');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/purchases/${replaced.id}/cover`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const name = /covers\/([0-9a-f-]+)-thumb\.webp$/.exec(replaced.coverThumbUrl ?? '')?.[1];
    // Still shown by pages opened before the change.
    expect((await get(`${replaced.coverThumbUrl}?w=640`)).statusCode).toBe(200);
    await ctx.app.areas.purchases.removeDueCovers(new Date(Date.now() + 61 * 60 * 1000));
    expect(await sizesKept()).not.toContain(`${name}-thumb-w640.webp`);
    expectError(await get(`${replaced.coverThumbUrl}?w=640`), 404, { message: 'Файл не найден' });
  });
});
