import { type CreatePaymentResult, endpoints, type Payment } from '@vmeste/contract';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { demoPhones, signInAs } from '../fixtures/demo-accounts.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  createCard,
  getPayment,
  goods,
  payByLink,
  payOk,
  purchaseWithOrders,
  receiptFiles,
  uploadReceipt,
} from '../fixtures/payments-kit.js';

/**
 * The receipt upload takes nothing before it knows the payment and its payer, refuses what is not a
 * receipt with a 4xx (never a 500), refuses pictures too big to open, and serves PDFs as downloads
 * (issue 24, item 17).
 */

let ctx: TestContext;
let admin: Headers;
let client: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  client = await signInAs(ctx.app, 'client');
  cardId = (await createCard(ctx.app, admin)).id;
});
afterAll(() => ctx.close());

async function openTransfer(): Promise<Payment> {
  const { orders } = await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(12_000) }] });
  return (await payOk(ctx.app, client, [orders[0]!.id], 'transfer')).payments[0]!;
}

/** A PNG of `width` × `height` as far as its header tells: the signature and the IHDR chunk, no pixels. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const type = Buffer.from('IHDR', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(ihdr.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, type, ihdr, crc]);
}

/** The start of a ZIP file and junk after it: what file-type stumbles on. */
const PK_JUNK = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40, 0xff)]);

describe('who and what first', () => {
  it('an upper-case id of the payer’s own payment is the same payment: 200, not 500', async () => {
    const payment = await openTransfer();
    const res = await uploadReceipt(ctx.app, client, payment.id.toUpperCase(), (await receiptFiles()).png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Payment>()).toMatchObject({ id: payment.id, status: 'awaiting_check' });
  });

  it('a guest’s upper-case id of a payment that does not exist → 404', async () => {
    expectError(await uploadReceipt(ctx.app, {}, 'AAAAAAAA-0000-4000-8000-000000000000', PK_JUNK, 'x.zip'), 404, {
      message: 'Платёж не найден',
    });
  });

  it('a guest’s junk to someone’s payment is refused as not theirs before the file is looked at (403, not 415 or 500)', async () => {
    const payment = await openTransfer();
    expectError(await uploadReceipt(ctx.app, {}, payment.id, PK_JUNK, 'чек.png', 'image/png'), 403);
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });
  });

  it('the payer’s PK-prefixed junk → 415, as any file that is not a receipt', async () => {
    const { orders } = await purchaseWithOrders(ctx.app, admin, { cardId, orders: [{ phone: demoPhones.client, lines: goods(9_000) }] });
    const result = (await payByLink(ctx.app, orders[0]!.id, 'transfer')).json<CreatePaymentResult>();
    const payment = result.payments[0]!;
    expectError(await uploadReceipt(ctx.app, { payer: result.payerToken! }, payment.id, PK_JUNK, 'чек.png', 'image/png'), 415, {
      message: 'Чек — это фото (JPEG, PNG, WebP, HEIC) или PDF из банка. Этот файл не подходит',
      field: 'file',
    });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });
  });
});

describe('pictures too big to open', () => {
  it('a 16000 × 16000 PNG is refused with a Russian 400; the payment is untouched', async () => {
    const payment = await openTransfer();
    expectError(await uploadReceipt(ctx.app, client, payment.id, pngHeader(16_000, 16_000)), 400, {
      message: 'Изображение слишком большое (16000 × 16000 точек): пришлите снимок экрана или фото до 40 мегапикселей',
      field: 'file',
    });
    expect(await getPayment(ctx.app, payment.id)).toMatchObject({ status: 'pending', hasReceipt: false });
  });

  it('a 6000 × 6000 PNG (36 megapixels, a big phone photo) is accepted', async () => {
    const payment = await openTransfer();
    const res = await uploadReceipt(ctx.app, client, payment.id, pngHeader(6000, 6000));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('serving a receipt', () => {
  const receipt = (id: string) => call(ctx.app, endpoints.payments.receiptFile, { params: { id }, headers: admin });

  it('a PDF comes as a download, never opened on the shop’s pages; a photo inline; both with nosniff', async () => {
    const { pdf, png } = await receiptFiles();
    const withPdf = await openTransfer();
    expect((await uploadReceipt(ctx.app, client, withPdf.id, pdf, 'чек.pdf')).statusCode).toBe(200);
    const pdfAnswer = await receipt(withPdf.id);
    expect(pdfAnswer.statusCode).toBe(200);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    expect(pdfAnswer.headers['content-disposition']).toMatch(/^attachment/);
    expect(pdfAnswer.headers['x-content-type-options']).toBe('nosniff');

    const withPhoto = await openTransfer();
    expect((await uploadReceipt(ctx.app, client, withPhoto.id, png)).statusCode).toBe(200);
    const photoAnswer = await receipt(withPhoto.id);
    expect(photoAnswer.headers['content-disposition']).toBe('inline');
    expect(photoAnswer.headers['x-content-type-options']).toBe('nosniff');
  });
});
