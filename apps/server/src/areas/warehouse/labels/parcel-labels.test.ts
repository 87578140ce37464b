import { createCanvas } from '@napi-rs/canvas';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { LabelFormat } from '@vmeste/contract';
import { renderParcelLabels, type ParcelLabel } from './parcel-labels.js';

const MM = 72 / 25.4;

const ivanova: ParcelLabel = {
  parcelNumber: 123,
  barcode: '290000000123',
  clientName: 'Иванова Мария',
  maskedPhone: '+7 (900) ***-**-04',
  orderNumbers: [12, 15],
  weightGrams: 1250,
  deliveryMethodTitle: 'Самовывоз',
  // 21:30 UTC on the 22nd is already the 23rd in Moscow.
  packedAt: new Date('2026-11-22T21:30:00Z'),
};

const petrov: ParcelLabel = {
  ...ivanova,
  parcelNumber: 124,
  barcode: '290000000124',
  clientName: 'Петров Пётр',
  orderNumbers: [31],
  weightGrams: 850,
};

async function openPdf(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
}

type PdfFile = Awaited<ReturnType<typeof openPdf>>;

/** The page's text with every run of spaces (the no-break ones too) made one plain space. */
async function pageText(file: PdfFile, pageNumber: number) {
  const content = await (await file.getPage(pageNumber)).getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join('');
  return text.replace(/\s+/g, ' ');
}

/** Width and height in points. */
async function pageSize(file: PdfFile, pageNumber: number) {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = (await file.getPage(pageNumber)).view;
  return { width: x1 - x0, height: y1 - y0 };
}

/** The page as a 300 dpi printer would put it on paper, white where nothing is drawn. */
async function rasterise(file: PdfFile, pageNumber: number) {
  const page = await file.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 300 / 72 });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdfjs types its canvas as the DOM's; @napi-rs/canvas is the Node stand-in pdfjs itself uses.
  type RenderParameters = Parameters<typeof page.render>[0];
  const render = {
    canvas: canvas as unknown as RenderParameters['canvas'],
    canvasContext: context as unknown as RenderParameters['canvasContext'],
    viewport,
  };
  await page.render(render).promise;
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** Reads the page's barcode the way a scanner does: from the picture alone, knowing nothing of the layout. */
async function scanBarcode(file: PdfFile, pageNumber: number) {
  const { data, width, height } = await rasterise(file, pageNumber);
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, width, height)));
  const result = new MultiFormatReader().decode(bitmap, hints);
  return { text: result.getText(), format: result.getBarcodeFormat() };
}

const pageSizes: Record<LabelFormat, { width: number; height: number }> = {
  a6: { width: 105 * MM, height: 148 * MM },
  thermal58x40: { width: 58 * MM, height: 40 * MM },
};

describe.each(['a6', 'thermal58x40'] as const)('renderParcelLabels, %s', (format) => {
  it('makes one page of the format per label', async () => {
    const file = await openPdf(await renderParcelLabels([ivanova, petrov, ivanova], format));
    expect(file.numPages).toBe(3);
    for (const pageNumber of [1, 2, 3]) {
      const size = await pageSize(file, pageNumber);
      expect(size.width).toBeCloseTo(pageSizes[format].width, 0);
      expect(size.height).toBeCloseTo(pageSizes[format].height, 0);
    }
  });

  it('prints the parcel, the client in Cyrillic, the orders, the weight and the barcode digits', async () => {
    const file = await openPdf(await renderParcelLabels([ivanova, petrov], format));
    const first = await pageText(file, 1);
    expect(first).toContain('Посылка № 123');
    expect(first).toContain('Иванова Мария');
    expect(first).toContain('Заказы: № 12, № 15');
    expect(first).toContain('1,25 кг');
    expect(first).toContain('290000000123');
    // Both formats tell a courier's parcel from a pickup point's one, with the masked phone.
    expect(first).toContain('+7 (900) ***-**-04');
    expect(first).toContain('Самовывоз');
    const second = await pageText(file, 2);
    expect(second).toContain('Петров Пётр');
    expect(second).toContain('Заказ: № 31');
    expect(second).toContain('850 г');
  });

  it('prints a barcode that a scanner reads back as the label’s own value', async () => {
    const file = await openPdf(await renderParcelLabels([ivanova, petrov], format));
    expect(await scanBarcode(file, 1)).toEqual({ text: '290000000123', format: BarcodeFormat.CODE_128 });
    expect(await scanBarcode(file, 2)).toEqual({ text: '290000000124', format: BarcodeFormat.CODE_128 });
  });

  it('wraps a long list of orders inside the page instead of adding pages', async () => {
    const orderNumbers = Array.from({ length: 200 }, (_, i) => 10_000 + i);
    const file = await openPdf(await renderParcelLabels([{ ...ivanova, orderNumbers }], format));
    expect(file.numPages).toBe(1);
    const text = await pageText(file, 1);
    expect(text).toContain('Заказы: № 10000, № 10001');
    // The thermal label has room for a few lines only and says how many did not fit.
    if (format === 'thermal58x40') expect(text).toMatch(/и ещё \d+/);
  });
});

describe('renderParcelLabels', () => {
  it('prints the packing day in Moscow time on the A6 label', async () => {
    const text = await pageText(await openPdf(await renderParcelLabels([ivanova], 'a6')), 1);
    expect(text).toContain('23.11.2026');
    expect(text).toContain('Самовывоз');
    expect(text).toContain('+7 (900) ***-**-04');
  });

  it('narrows the bars for a long value down to 0.25 mm and refuses one that would need thinner bars', async () => {
    const long = { ...ivanova, barcode: '2900000001230000000000000000000000000123' };
    expect(await scanBarcode(await openPdf(await renderParcelLabels([long], 'a6')), 1)).toMatchObject({ text: long.barcode });
    await expect(renderParcelLabels([long], 'thermal58x40')).rejects.toThrow(/does not fit/);
  });

  it('refuses an empty batch and a barcode a scanner could mistype', async () => {
    await expect(renderParcelLabels([], 'a6')).rejects.toThrow(Error);
    await expect(renderParcelLabels([{ ...ivanova, barcode: 'P-123' }], 'a6')).rejects.toThrow(/digits only/);
  });
});
