import { endpoints, type Parcel } from '@vmeste/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { callUnchecked, NIL_UUID, type Headers } from '../fixtures/requests.js';
import { arrivedPaidOrder, clientPhone, packOk } from '../fixtures/warehouse-kit.js';

/** Parcel labels over the API: one PDF page per parcel, in the format asked for. */

let ctx: TestContext;
let storekeeper: Headers;
let first: Parcel;
let second: Parcel;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await signInAs(ctx.app, 'admin');
  storekeeper = await signInAs(ctx.app, 'storekeeper');
  const parcelOf = async (clientName: string, product: string) => {
    const order = await arrivedPaidOrder(ctx.app, admin, {
      phone: clientPhone(),
      clientName,
      lines: [{ product, quantity: 1, unitPriceKopecks: 99_000 }],
    });
    return packOk(ctx.app, storekeeper, [order.id], { weightGrams: 850 });
  };
  first = await parcelOf('Иванова Мария', 'Платье');
  second = await parcelOf('Петров Пётр', 'Куртка');
});
afterAll(() => ctx.close());

const labels = (query: string) => callUnchecked(ctx.app, endpoints.warehouse.labels, { query, headers: storekeeper });

/** Each page's text, runs of spaces (the no-break ones too) made one plain space. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const file = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= file.numPages; n++) {
    const content = await (await file.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/\s+/g, ' '),
    );
  }
  await file.destroy();
  return pages;
}

const parcelTitle = (parcel: Parcel) => new RegExp(`Посылка\\s*№\\s*${parcel.number}(?!\\d)`);

describe('GET /warehouse/labels', () => {
  it.each(['a6', 'thermal58x40'] as const)('format=%s: a PDF with one page per parcel, each naming its parcel', async (format) => {
    const res = await labels(`ids=${second.id},${first.id}&format=${format}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="labels\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pagesOf(res.rawPayload);
    expect(pages).toHaveLength(2);
    // In parcel-number order, whatever order the ids came in.
    const [one, two] = [first, second].sort((a, b) => a.number - b.number) as [Parcel, Parcel];
    expect(pages[0]).toMatch(parcelTitle(one));
    expect(pages[0]).toContain(one.barcode);
    expect(pages[1]).toMatch(parcelTitle(two));
    expect(pages[1]).toContain(two.barcode);
    expect(pages[0]).not.toContain(two.barcode);
  });

  it('defaults to A6 and names the file after the parcel for one label', async () => {
    const res = await labels(`ids=${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`Этикетка посылки ${first.number}.pdf`));
    const pages = await pagesOf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Иванова Мария');
  });

  it('the same id twice makes one page', async () => {
    const res = await labels(`ids=${first.id},${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pagesOf(res.rawPayload)).toHaveLength(1);
  });

  it('an unknown parcel among the ids: 404', async () => {
    expectError(await labels(`ids=${first.id},${NIL_UUID}&format=a6`), 404, { message: 'Посылка не найдена' });
  });

  it('a format that does not exist: 400', async () => {
    expectError(await labels(`ids=${first.id}&format=a4`), 400, { message: 'Формат этикетки — a6 или thermal58x40' });
  });

  it('no ids or a malformed id: 400', async () => {
    expectError(await labels('ids='), 400, { message: 'Выберите посылки' });
    expectError(await labels('ids=123'), 400, { message: 'Посылка не найдена' });
  });
});
