import { randomUUID } from 'node:crypto';
import { endpoints } from '@vmeste/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDueCoverRemovals } from '../../src/areas/purchases/cover-removals.repository.js';
import { coverRemovals } from '../../src/areas/purchases/purchases.schema.js';
import { openFileStorage } from '../../src/integrations/storage/select-file-storage.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { type Headers, multipart, NIL_UUID, call, callUnchecked } from '../fixtures/requests.js';
import { createPurchase, type PurchaseJson } from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

const COVER_URL = /^\/api\/files\/covers\/([0-9a-f-]{36})\.webp$/;
const YEAR_CACHE = 'public, max-age=31536000, immutable';

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

function image(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } });
}

function upload(purchaseId: string, content: Buffer | string, filename = 'cover.png', type = 'image/png', field = 'file') {
  const body = multipart(field, content, filename, type);
  return call(ctx.app, endpoints.purchases.uploadCover, { params: { id: purchaseId }, headers: admin, form: body });
}

function getPurchase(id: string) {
  return call(ctx.app, endpoints.purchases.get, { params: { id }, headers: admin });
}

/** Every cover file the storage holds (a folder or the database), so a refused upload can be shown to write nothing. */
async function storedFiles(folder = 'covers/'): Promise<string[]> {
  const names: string[] = [];
  for await (const key of openFileStorage(ctx.config, ctx.database).keys()) {
    if (key.startsWith(folder)) names.push(key.slice(folder.length));
  }
  return names.sort();
}

describe('POST /api/purchases/:id/cover', () => {
  it.each([
    ['PNG', 'cover.png', 'image/png', () => image().png().toBuffer()],
    ['JPEG', 'cover.jpg', 'image/jpeg', () => image().jpeg().toBuffer()],
    ['WebP', 'cover.webp', 'image/webp', () => image().webp().toBuffer()],
  ])('takes a %s and serves a WebP cover and thumbnail, cached for a year', async (_format, filename, type, make) => {
    const purchase = await createPurchase(ctx.app, admin, { title: `Обложка ${filename}` });
    const res = await upload(purchase.id, await make(), filename, type);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PurchaseJson>();
    const name = COVER_URL.exec(body.coverUrl ?? '')?.[1];
    expect(name, body.coverUrl ?? 'no coverUrl').toBeDefined();
    expect(body.coverThumbUrl).toBe(`/api/files/covers/${name}-thumb.webp`);
    expect(body).toEqual({ ...purchase, coverUrl: body.coverUrl, coverThumbUrl: body.coverThumbUrl });
    expect((await getPurchase(purchase.id)).json()).toEqual(body);

    const cover = await ctx.app.inject({ method: 'GET', url: body.coverUrl! });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    expect(cover.headers['cache-control']).toBe(YEAR_CACHE);
    // A small picture is not enlarged.
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });

    const thumb = await ctx.app.inject({ method: 'GET', url: body.coverThumbUrl! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe(YEAR_CACHE);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });

    // The cover is public: no token needed.
    expect((await ctx.app.inject({ method: 'GET', url: body.coverUrl!, headers: {} })).statusCode).toBe(200);
  });

  it('shrinks a big picture to 1600 px wide', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Большая обложка' });
    const res = await upload(purchase.id, await image(2400, 1200).png().toBuffer());
    expect(res.statusCode, res.body).toBe(200);
    const cover = await ctx.app.inject({ method: 'GET', url: res.json().coverUrl });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
  });

  it('a new cover gets new addresses; the old files, sizes included, stay an hour for pages still showing them', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Смена обложки' });
    const first = (await upload(purchase.id, await image().png().toBuffer())).json<PurchaseJson>();
    // A size made on demand for a page showing the first cover goes with it.
    expect((await ctx.app.inject({ method: 'GET', url: `${first.coverUrl!}?w=320` })).statusCode).toBe(200);
    const changedAt = new Date();
    const second = await upload(purchase.id, await image(640, 480).jpeg().toBuffer(), 'new.jpg', 'image/jpeg');
    expect(second.statusCode, second.body).toBe(200);
    const body = second.json<PurchaseJson>();
    expect(body.coverUrl).toMatch(COVER_URL);
    expect(body.coverUrl).not.toBe(first.coverUrl);
    expect(body.coverThumbUrl).not.toBe(first.coverThumbUrl);
    const firstName = COVER_URL.exec(first.coverUrl!)![1]!;

    await ctx.app.areas.purchases.removeDueCovers(later(changedAt, 59 * 60));
    for (const url of [first.coverUrl!, first.coverThumbUrl!]) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    await ctx.app.areas.purchases.removeDueCovers(later(changedAt, 61 * 60));
    expectError(await ctx.app.inject({ method: 'GET', url: first.coverUrl! }), 404, { message: 'Файл не найден' });
    expectError(await ctx.app.inject({ method: 'GET', url: first.coverThumbUrl! }), 404, { message: 'Файл не найден' });
    expect((await storedFiles('cover-sizes/')).filter((file) => file.startsWith(firstName))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: body.coverUrl! })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: body.coverThumbUrl! })).statusCode).toBe(200);
  });

  // Each upload hands over the files it replaced; read before the purchase was locked (the old bug),
  // two uploads at once both removed the first cover and one new cover stayed on disk for good.
  it('covers uploaded at once leave only the last one on disk', async () => {
    const purchase = await createPurchase(ctx.app, admin, { title: 'Обложки наперегонки' });
    const first = (await upload(purchase.id, await image().png().toBuffer())).json<PurchaseJson>();
    const before = await storedFiles();
    const pictures = await Promise.all([320, 400, 480, 560].map((width) => image(width, 240).png().toBuffer()));
    const answers = await Promise.all(pictures.map((picture) => upload(purchase.id, picture)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await ctx.app.areas.purchases.removeDueCovers(later(new Date(), 61 * 60));

    const last = (await getPurchase(purchase.id)).json<PurchaseJson>();
    const name = COVER_URL.exec(last.coverUrl ?? '')?.[1];
    const firstName = COVER_URL.exec(first.coverUrl ?? '')?.[1];
    const expected = [...before.filter((file) => !file.startsWith(firstName!)), `${name}.webp`, `${name}-thumb.webp`].sort();
    expect(await storedFiles()).toEqual(expected);
    expect((await ctx.app.inject({ method: 'GET', url: last.coverUrl! })).statusCode).toBe(200);
  });

  // What an upload that died between storing its files and recording them leaves: the files and their
  // mark (cover-removals.ts). A purchase's own cover, even if marked, is never removed.
  it('the files of an upload that was never recorded go a day later; a cover a purchase names never goes', async () => {
    const storage = openFileStorage(ctx.config, ctx.database);
    const purchase = (
      await upload((await createPurchase(ctx.app, admin, { title: 'Обложка остаётся' })).id, await image().png().toBuffer())
    ).json<PurchaseJson>();
    const named = COVER_URL.exec(purchase.coverUrl!)![1]!;
    const startedAt = new Date();
    const dead = [`covers/${randomUUID()}.webp`, `covers/${randomUUID()}-thumb.webp`];
    await ctx.database.db
      .insert(coverRemovals)
      .values([...dead, `covers/${named}.webp`].map((key) => ({ key, removeAfter: later(startedAt, 24 * 60 * 60) })));
    for (const key of dead) await storage.put(key, await image(100, 75).webp().toBuffer());

    await ctx.app.areas.purchases.removeDueCovers(later(startedAt, 23 * 60 * 60));
    for (const key of dead) expect(await storage.sizeOf(key)).not.toBeNull();

    await ctx.app.areas.purchases.removeDueCovers(later(startedAt, 24 * 60 * 60 + 1));
    for (const key of dead) expect(await storage.sizeOf(key)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: purchase.coverUrl! })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(coverRemovals)).toEqual([]);
  });

  it('never finds a cover or thumbnail a purchase names among the files due, however it was marked', async () => {
    const purchase = (
      await upload((await createPurchase(ctx.app, admin, { title: 'Помеченная обложка' })).id, await image().png().toBuffer())
    ).json<PurchaseJson>();
    const name = COVER_URL.exec(purchase.coverUrl!)![1]!;
    const named = [`covers/${name}.webp`, `covers/${name}-thumb.webp`];
    const removeAfter = new Date(Date.now() - 1000);
    await ctx.database.db.insert(coverRemovals).values([...named, 'covers/nobody.webp'].map((key) => ({ key, removeAfter })));
    expect(await findDueCoverRemovals(ctx.database.db, new Date(), 100)).toEqual(['covers/nobody.webp']);
    await ctx.database.db.delete(coverRemovals);
  });

  describe('refused uploads change nothing', () => {
    let purchase: PurchaseJson;
    beforeAll(async () => {
      purchase = await createPurchase(ctx.app, admin, { title: 'С обложкой' });
      const res = await upload(purchase.id, await image().png().toBuffer());
      expect(res.statusCode, res.body).toBe(200);
      purchase = res.json<PurchaseJson>();
    });

    async function expectUnchanged(files: string[]) {
      expect((await getPurchase(purchase.id)).json()).toEqual(purchase);
      expect(await storedFiles()).toEqual(files);
      expect((await ctx.app.inject({ method: 'GET', url: purchase.coverUrl! })).statusCode).toBe(200);
    }

    it('a text file named .png → 415', async () => {
      const files = await storedFiles();
      expectError(await upload(purchase.id, 'это не картинка, а текст\n'.repeat(50), 'photo.png', 'image/png'), 415, {
        field: 'file',
        message: 'Обложка должна быть картинкой JPEG, PNG или WebP',
      });
      await expectUnchanged(files);
    });

    it('an SVG, a TIFF and a GIF → 415 (only JPEG, PNG and WebP are covers)', async () => {
      const files = await storedFiles();
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="red"/></svg>';
      const tiff = await image(80, 60).tiff().toBuffer();
      const gif = await image(80, 60).gif().toBuffer();
      for (const [content, filename] of [
        [Buffer.from(svg), 'cover.svg'],
        [tiff, 'cover.png'],
        [gif, 'cover.gif'],
      ] as const) {
        expectError(await upload(purchase.id, content, filename, 'image/png'), 415, {
          field: 'file',
          message: 'Обложка должна быть картинкой JPEG, PNG или WebP',
        });
      }
      await expectUnchanged(files);
    });

    // A file cut short (an interrupted download) passes the header check and fails while resizing.
    it('a PNG or JPEG cut in half → 415, not 500', async () => {
      const files = await storedFiles();
      const noisy = () =>
        sharp({ create: { width: 800, height: 600, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
      const png = await noisy().png().toBuffer();
      const jpeg = await noisy().jpeg().toBuffer();
      for (const [content, filename] of [
        [png.subarray(0, Math.floor(png.length / 2)), 'cut.png'],
        [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg'],
      ] as const) {
        expect((await sharp(content).metadata()).format).toMatch(/^(png|jpeg)$/);
        expectError(await upload(purchase.id, content, filename, 'image/png'), 415, { field: 'file' });
      }
      await expectUnchanged(files);
    });

    it('a file over 5 MB → 413; exactly 5 MB passes the size check', async () => {
      const files = await storedFiles();
      expectError(await upload(purchase.id, Buffer.alloc(5 * 1024 * 1024 + 1, 7), 'huge.png'), 413, {
        field: 'file',
        message: 'Файл больше 5 мегабайт',
      });
      // Exactly the limit is not too large: it is refused for its content instead.
      expectError(await upload(purchase.id, Buffer.alloc(5 * 1024 * 1024, 7), 'limit.png'), 415, { field: 'file' });
      await expectUnchanged(files);
    });

    it('no file, a JSON body, no body or a broken multipart body → 4xx in Russian', async () => {
      const files = await storedFiles();
      const fieldOnly = multipart('title', 'просто поле', null);
      expectError(
        await call(ctx.app, endpoints.purchases.uploadCover, { params: { id: purchase.id }, headers: admin, form: fieldOnly }),
        400,
        { field: 'file', message: 'Выберите файл' },
      );
      expectError(
        await callUnchecked(ctx.app, endpoints.purchases.uploadCover, { params: { id: purchase.id }, headers: admin, body: { file: 'x' } }),
        415,
        {
          field: 'file',
          message: 'Отправьте файл в поле file (multipart/form-data)',
        },
      );
      expectError(await call(ctx.app, endpoints.purchases.uploadCover, { params: { id: purchase.id }, headers: admin }), 415, {
        field: 'file',
        message: 'Отправьте файл в поле file (multipart/form-data)',
      });
      expectError(
        await callUnchecked(ctx.app, endpoints.purchases.uploadCover, {
          params: { id: purchase.id },
          headers: { ...admin, 'content-type': 'multipart/form-data; boundary=zzz' },
          body: 'not really multipart',
        }),
        400,
        { field: 'file', message: 'Не удалось прочитать загруженный файл' },
      );
      await expectUnchanged(files);
    });

    it('an unknown purchase → 404 and a malformed id → 400, with nothing stored', async () => {
      const files = await storedFiles();
      const png = await image().png().toBuffer();
      expectError(await upload(NIL_UUID, png), 404, { message: 'Закупка не найдена' });
      expectError(await upload('not-a-uuid', png), 400, { field: 'id', message: 'Закупка не найдена' });
      await expectUnchanged(files);
    });
  });
});

describe('GET /api/files/covers/:name', () => {
  it('answers 404 for a well-formed unknown name and 400 for anything else', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: `/api/files/covers/${NIL_UUID}.webp` }), 404, { message: 'Файл не найден' });
    expectError(await call(ctx.app, endpoints.purchases.coverFile, { params: { name: 'passwd' } }), 400, {
      field: 'name',
      message: 'Файл не найден',
    });
    const traversal = await call(ctx.app, endpoints.purchases.coverFile, { params: { name: '../../package.json' } });
    expect(traversal.statusCode).toBe(400);
  });
});
