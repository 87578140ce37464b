import { endpoints, type ImportResult } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  countOrderRows,
  createPurchase,
  csvOf,
  IMPORT_HEADER,
  importFile,
  listOrdersOf,
  type OrderJson,
  type PurchaseJson,
  walkTo,
} from '../fixtures/purchases-kit.js';

let ctx: TestContext;
let admin: Headers;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
});
afterAll(() => ctx.close());

async function openPurchase(organizerFeePercent: number): Promise<PurchaseJson> {
  const purchase = await createPurchase(ctx.app, admin, { title: 'Повторный импорт', organizerFeePercent });
  await walkTo(ctx.app, admin, purchase.id, 'open');
  return purchase;
}

async function previewThenApply(purchaseId: string, rows: string[][]): Promise<{ preview: ImportResult; applied: ImportResult }> {
  const csv = csvOf([IMPORT_HEADER, ...rows]);
  const preview = await importFile(ctx.app, admin, purchaseId, csv, { dryRun: true });
  expect(preview.statusCode, preview.body).toBe(200);
  const applied = await importFile(ctx.app, admin, purchaseId, csv);
  expect(applied.statusCode, applied.body).toBe(200);
  return { preview: preview.json<ImportResult>(), applied: applied.json<ImportResult>() };
}

const PHONE = '79004440001';
const row = (product: string, quantity: number, rubles: number) => [PHONE, 'Анна', product, 'A-1', 'M', String(quantity), String(rubles)];

describe('importing a corrected file again (issue 25, item 10)', () => {
  it('a corrected price changes the line: the preview and the stored order agree (132 000, not 242 000)', async () => {
    const purchase = await openPurchase(10);
    await previewThenApply(purchase.id, [row('Пальто', 1, 1000)]);
    const [before] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(before).toMatchObject({ totalKopecks: 110_000 });

    const { preview, applied } = await previewThenApply(purchase.id, [row('Пальто', 1, 1200)]);
    // 1 200 ₽ + 10 % = 1 320 ₽, by hand.
    expect(preview).toMatchObject({ totalKopecks: 132_000, linesAdded: 0, linesChanged: 1, linesUnchanged: 0 });
    expect(preview.orders).toEqual([expect.objectContaining({ phone: PHONE, linesCount: 1, totalKopecks: 132_000 })]);
    expect(applied).toMatchObject({ isApplied: true, totalKopecks: 132_000, linesChanged: 1 });

    const [after] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(after).toMatchObject({ id: before!.id, goodsKopecks: 120_000, totalKopecks: 132_000 });
    expect(after!.lines).toEqual([expect.objectContaining({ id: before!.lines[0]!.id, quantity: 1, unitPriceKopecks: 120_000 })]);
  });

  it('counts the lines added, changed and left as they are, and shows the order as apply stores it', async () => {
    const purchase = await openPurchase(0);
    await previewThenApply(purchase.id, [row('Шапка', 2, 100), row('Шарф', 1, 300), row('Варежки', 1, 50)]);
    const [before] = await listOrdersOf(ctx.app, admin, purchase.id);
    const idOf = (order: OrderJson, product: string) => order.lines.find((l) => l.product === product)!.id;

    // Шапка as it was, Шарф three of them, Носки new; Варежки are not in the file and stay.
    const { preview, applied } = await previewThenApply(purchase.id, [row('Шапка', 2, 100), row('Шарф', 3, 300), row('Носки', 1, 70)]);
    const goods = (2 * 100 + 3 * 300 + 50 + 70) * 100;
    expect(preview).toMatchObject({ goodsKopecks: goods, totalKopecks: goods, linesAdded: 1, linesChanged: 1, linesUnchanged: 1 });
    expect(preview.orders).toEqual([expect.objectContaining({ linesCount: 4, goodsKopecks: goods })]);
    expect({ ...applied, isApplied: false }).toEqual(preview);

    const [after] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(after).toMatchObject({ goodsKopecks: goods, totalKopecks: goods });
    expect(after!.lines).toHaveLength(4);
    for (const product of ['Шапка', 'Шарф', 'Варежки']) expect(idOf(after!, product)).toBe(idOf(before!, product));

    // The same file once more changes nothing.
    const again = await previewThenApply(purchase.id, [row('Шапка', 2, 100), row('Шарф', 3, 300), row('Носки', 1, 70)]);
    expect(again.preview).toMatchObject({ linesAdded: 0, linesChanged: 0, linesUnchanged: 3, goodsKopecks: goods });
    const [third] = await listOrdersOf(ctx.app, admin, purchase.id);
    expect(third!.lines.map((l) => l.id).sort()).toEqual(after!.lines.map((l) => l.id).sort());
  });

  it('two rows of one client for the same product, article and options are a row error; nothing is written', async () => {
    const purchase = await openPurchase(0);
    const csv = csvOf([IMPORT_HEADER, row('Пальто', 1, 1000), row('Шапка', 1, 100), row('Пальто', 1, 1200)]);
    const preview = await importFile(ctx.app, admin, purchase.id, csv, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ImportResult>()).toMatchObject({ errorsCount: 1 });
    expect(preview.json<ImportResult>().rows.map((r) => r.errors)).toEqual([
      [],
      [],
      ['повторяет строку 2: тот же клиент, товар, артикул и параметры — оставьте одну строку'],
    ]);
    const counts = await countOrderRows(ctx);
    expectError(await importFile(ctx.app, admin, purchase.id, csv), 400, {
      message:
        'Ничего не записано: 1 строка с ошибками — строка 4: повторяет строку 2: тот же клиент, товар, артикул и параметры — оставьте одну строку',
    });
    expect(await countOrderRows(ctx)).toEqual(counts);
  });
});

describe('hand edits keep the lines they do not change (issue 25, item 11)', () => {
  const lines = [
    { product: 'Шапка', article: 'Ш-1', options: 'красная', quantity: 1, unitPriceKopecks: 10_000 },
    { product: 'Шарф', quantity: 2, unitPriceKopecks: 20_000 },
  ];

  async function createOrder(phone: string): Promise<OrderJson> {
    const purchase = await openPurchase(0);
    const res = await call(ctx.app, endpoints.orders.create, { headers: admin, body: { purchaseId: purchase.id, phone, lines } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OrderJson>();
  }

  const patch = (id: string, payload: Record<string, unknown>) =>
    call(ctx.app, endpoints.orders.update, { params: { id }, headers: admin, body: payload });
  const idsByProduct = (order: OrderJson) => Object.fromEntries(order.lines.map((l) => [l.product, l.id]));

  it('an identical PATCH returns the same line ids', async () => {
    const order = await createOrder('79004440002');
    const res = await patch(order.id, { lines });
    expect(res.statusCode, res.body).toBe(200);
    expect(idsByProduct(res.json<OrderJson>())).toEqual(idsByProduct(order));
  });

  it('a changed price or quantity keeps the line’s id; a line left out goes, a new one comes', async () => {
    const order = await createOrder('79004440003');
    const res = await patch(order.id, {
      lines: [
        { ...lines[0], quantity: 3, unitPriceKopecks: 12_000 },
        { product: 'Носки', quantity: 1, unitPriceKopecks: 5_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<OrderJson>();
    expect(edited.lines).toHaveLength(2);
    expect(edited.lines.find((l) => l.product === 'Шапка')).toMatchObject({
      id: idsByProduct(order)['Шапка'],
      quantity: 3,
      unitPriceKopecks: 12_000,
    });
    expect(idsByProduct(edited)['Носки']).not.toBe(idsByProduct(order)['Шарф']);
    expect(edited).toMatchObject({ goodsKopecks: 3 * 12_000 + 5_000 });
  });

  it('one variant at two prices in one edit is refused, and the order stays as it was', async () => {
    const order = await createOrder('79004440004');
    expectError(await patch(order.id, { lines: [lines[0], { ...lines[0], unitPriceKopecks: 15_000 }] }), 400, {
      field: 'lines',
      message: 'Товар «Шапка» (Ш-1, красная) указан дважды с разной ценой: оставьте одну строку',
    });
    const res = await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id }, headers: admin });
    expect(res.json<OrderJson>()).toMatchObject({ goodsKopecks: order.goodsKopecks, lines: order.lines });
  });
});
