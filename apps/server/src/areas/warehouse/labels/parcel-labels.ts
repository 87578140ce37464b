import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { formatMoscowDate, formatWeight, type LabelFormat } from '@vmeste/contract';
import { loadBwipJs, loadPdfKit } from '../../../shared/heavy-libraries.js';

export type ParcelLabel = {
  parcelNumber: number;
  /** Digits only: a USB scanner types into whatever keyboard layout is on, and digits are the same in all of them. */
  barcode: string;
  clientName: string;
  maskedPhone: string;
  orderNumbers: number[];
  weightGrams: number;
  deliveryMethodTitle: string;
  packedAt: Date;
};

type PdfDoc = PDFKit.PDFDocument;

const MM = 72 / 25.4;
const mm = (value: number) => value * MM;

/**
 * The fonts live in apps/server/assets, outside src: tsc copies no .ttf into dist, and this module
 * sits at the same depth in src and in dist, so one relative path serves tsx, vitest and the build.
 */
const fontFiles = {
  regular: new URL('../../../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url),
  bold: new URL('../../../../assets/fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url),
};
type FontName = keyof typeof fontFiles;

let fontData: Promise<Record<FontName, Buffer>> | undefined;

/** Read once on first use and kept: every label batch needs the same two files. */
function loadFonts() {
  fontData ??= Promise.all([readFile(fileURLToPath(fontFiles.regular)), readFile(fileURLToPath(fontFiles.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontData;
}

const INK = '#000000';
/** Thermal printers print grey as a dither pattern, so secondary text is dark grey, not light. */
const MUTED = '#444444';

type Layout = {
  width: number;
  height: number;
  margin: number;
  /** Widest bar module allowed: wider bars only make the symbol longer, not easier to read. */
  maxModule: number;
  barcodeHeight: number;
};

const layouts: Record<LabelFormat, Layout> = {
  a6: { width: mm(105), height: mm(148), margin: mm(7), maxModule: mm(0.5), barcodeHeight: mm(22) },
  // Thermal heads cannot print the last 1.5–2 mm of the roll's width.
  thermal58x40: { width: mm(58), height: mm(40), margin: mm(2), maxModule: mm(0.375), barcodeHeight: mm(13) },
};

/** Where a label may print: inside its margins on every side. */
function printableBoxOf(layout: Layout) {
  return { left: layout.margin, width: layout.width - 2 * layout.margin, bottom: layout.height - layout.margin };
}

/** A module narrower than this is below what common scanners and 203 dpi printers resolve reliably. */
const MIN_MODULE = mm(0.25);
/** Bars are snapped to whole dots of a 203 dpi (8 dots/mm) thermal head, so every bar prints the same width. */
const MODULE_STEP = mm(0.125);
/** ISO/IEC 15417 wants at least 10 modules of white on each side of a Code 128 symbol. */
const QUIET_ZONE_MODULES = 10;

/** «№ 12, № 15»; the no-break space keeps «№» with its number when the line wraps. */
const orderList = (numbers: number[]) => numbers.map((n) => `№\u00a0${n}`).join(', ');
const ordersCaption = (count: number) => (count === 1 ? 'Заказ' : 'Заказы');

/**
 * The orders line, shortened to «…, и ещё 7» when all numbers do not fit into the box even at the
 * smallest size: a label that says how many are missing beats one that runs off the paper.
 */
function fitOrders(doc: PdfDoc, numbers: number[], box: { width: number; height: number; size: number; minSize: number }) {
  if (numbers.length === 0) return { text: 'Заказы: —', size: box.size };
  const caption = ordersCaption(numbers.length);
  const full = `${caption}: ${orderList(numbers)}`;
  for (let size = box.size; size >= box.minSize; size -= 0.5) {
    if (textHeight(doc, full, 'regular', size, box.width) <= box.height) return { text: full, size };
  }
  for (let shown = numbers.length - 1; shown >= 1; shown--) {
    const text = `${caption}: ${orderList(numbers.slice(0, shown))} и ещё ${numbers.length - shown}`;
    if (textHeight(doc, text, 'regular', box.minSize, box.width) <= box.height) return { text, size: box.minSize };
  }
  return { text: `${caption}: ${numbers.length} шт.`, size: box.minSize };
}

function textHeight(doc: PdfDoc, text: string, font: FontName, size: number, width: number) {
  return doc.font(font).fontSize(size).heightOfString(text, { width });
}

/** The height of at most that many lines of the text. */
function clippedHeight(doc: PdfDoc, text: string, box: Pick<TextBox, 'font' | 'size' | 'width' | 'lines'>) {
  const lineHeight = doc.font(box.font).fontSize(box.size).currentLineHeight(true);
  return Math.min(textHeight(doc, text, box.font, box.size, box.width), lineHeight * (box.lines ?? 1));
}

/** The largest size from max down to min at which the text fits on one line; min if none does. */
function sizeForOneLine(doc: PdfDoc, text: string, font: FontName, width: number, max: number, min: number) {
  for (let size = max; size > min; size -= 0.5) {
    if (doc.font(font).fontSize(size).widthOfString(text) <= width) return size;
  }
  return min;
}

type TextBox = {
  x: number;
  y: number;
  width: number;
  font: FontName;
  size: number;
  color?: string;
  lines?: number;
  align?: 'left' | 'center' | 'right';
  /** y is the top of the first line, or its baseline for lining up different sizes on one line. */
  baseline?: 'top' | 'alphabetic';
};

/**
 * Writes text clipped to a number of lines with an ellipsis. The height limit also keeps PDFKit from
 * starting a new page on overflow, which would break «one page per label». Returns the height used.
 */
function drawText(doc: PdfDoc, text: string, box: TextBox) {
  const height = clippedHeight(doc, text, box);
  doc
    .font(box.font)
    .fontSize(box.size)
    .fillColor(box.color ?? INK);
  // Even one line is wrapped: PDFKit puts the ellipsis only where a wrapped line would pass the height.
  // The half point of slack keeps rounding from dropping the last line.
  const options = { width: box.width, height: height + 0.5, ellipsis: true, align: box.align ?? 'left', baseline: box.baseline ?? 'top' };
  doc.text(text, box.x, box.y, options);
  return height;
}

type Bars = { widths: number[]; modules: number };

/** Code 128 bar and space widths, in modules, from bwip-js: the bars are drawn as vector rectangles, sharp at any printer resolution. */
async function code128Bars(value: string): Promise<Bars> {
  const bwipjs = await loadBwipJs();
  const [symbol] = bwipjs.raw('code128', value, {});
  if (!symbol || !('sbs' in symbol)) throw new Error(`bwip-js gave no Code 128 bars for ${value}`);
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((sum, width) => sum + width, 0) };
}

/** The widest whole-dot module that fits the symbol and both quiet zones into the width. */
function moduleWidth(bars: Bars, available: number, max: number) {
  const fitting = available / (bars.modules + 2 * QUIET_ZONE_MODULES);
  const snapped = Math.min(max, Math.floor(fitting / MODULE_STEP) * MODULE_STEP);
  if (snapped < MIN_MODULE)
    throw new Error(`Barcode with ${bars.modules} modules does not fit a label ${Math.round(available / MM)} mm wide`);
  return snapped;
}

/** Centred on the label, so the quiet zones on both sides stay white. */
function drawBarcode(doc: PdfDoc, bars: Bars, area: { x: number; y: number; width: number; height: number; maxModule: number }) {
  const module = moduleWidth(bars, area.width, area.maxModule);
  let x = area.x + (area.width - bars.modules * module) / 2;
  bars.widths.forEach((width, index) => {
    // Even positions are bars, odd ones are spaces.
    if (index % 2 === 0) doc.rect(x, area.y, width * module, area.height);
    x += width * module;
  });
  doc.fillColor(INK).fill();
}

function assertBarcodeValue(label: ParcelLabel) {
  if (!/^\d+$/.test(label.barcode)) throw new Error(`Parcel ${label.parcelNumber}: barcode must be digits only, got «${label.barcode}»`);
}

function drawA6(doc: PdfDoc, label: ParcelLabel, bars: Bars) {
  const layout = layouts.a6;
  const { left, width, bottom } = printableBoxOf(layout);
  let y = layout.margin;

  drawText(doc, 'Вместе', { x: left, y, width: width / 2, font: 'bold', size: 9, color: MUTED });
  y += drawText(doc, `Упакована ${formatMoscowDate(label.packedAt)}`, {
    x: left + width / 2,
    y,
    width: width / 2,
    font: 'regular',
    size: 9,
    color: MUTED,
    align: 'right',
  });
  y += mm(1);

  const title = `Посылка № ${label.parcelNumber}`;
  y += drawText(doc, title, { x: left, y, width, font: 'bold', size: sizeForOneLine(doc, title, 'bold', width, 26, 14) });
  y += mm(3);

  drawBarcode(doc, bars, { x: left, y, width, height: layout.barcodeHeight, maxModule: layout.maxModule });
  y += layout.barcodeHeight + mm(1.5);
  y += drawText(doc, label.barcode, { x: left, y, width, font: 'regular', size: 11, align: 'center' });
  y += mm(3);

  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  y += mm(3);

  y += drawText(doc, 'Получатель', { x: left, y, width, font: 'regular', size: 8, color: MUTED });
  y += drawText(doc, label.clientName, {
    x: left,
    y,
    width,
    font: 'bold',
    size: sizeForOneLine(doc, label.clientName, 'bold', width, 16, 12),
    lines: 2,
  });
  y += mm(0.5);
  y += drawText(doc, label.maskedPhone, { x: left, y, width, font: 'regular', size: 12 });
  y += mm(3);

  const footerTop = drawA6Footer(doc, label, { left, width, bottom });
  const orders = fitOrders(doc, label.orderNumbers, { width, height: footerTop - mm(3) - y, size: 11, minSize: 8 });
  drawText(doc, orders.text, { x: left, y, width, font: 'regular', size: orders.size, lines: 50 });
}

/** Weight and delivery pinned to the bottom edge, where a packer looks for them. Returns the footer's top. */
function drawA6Footer(doc: PdfDoc, label: ParcelLabel, area: { left: number; width: number; bottom: number }) {
  const columnGap = mm(4);
  const weightWidth = area.width * 0.35;
  const deliveryX = area.left + weightWidth + columnGap;
  const deliveryWidth = area.width - weightWidth - columnGap;
  const delivery = {
    font: 'bold',
    size: sizeForOneLine(doc, label.deliveryMethodTitle, 'bold', deliveryWidth, 13, 10),
    width: deliveryWidth,
    lines: 2,
  } as const;
  const weight = { font: 'bold', size: 14, width: weightWidth } as const;
  const weightText = formatWeight(label.weightGrams);
  const captionHeight = textHeight(doc, 'Вес', 'regular', 8, area.width);
  const valuesHeight = Math.max(clippedHeight(doc, label.deliveryMethodTitle, delivery), clippedHeight(doc, weightText, weight));
  const top = area.bottom - captionHeight - valuesHeight - mm(2);

  doc
    .moveTo(area.left, top)
    .lineTo(area.left + area.width, top)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  const y = top + mm(2);
  drawText(doc, 'Вес', { x: area.left, y, width: weightWidth, font: 'regular', size: 8, color: MUTED });
  drawText(doc, weightText, { ...weight, x: area.left, y: y + captionHeight });
  drawText(doc, 'Доставка', { x: deliveryX, y, width: deliveryWidth, font: 'regular', size: 8, color: MUTED });
  drawText(doc, label.deliveryMethodTitle, { ...delivery, x: deliveryX, y: y + captionHeight });
  return top;
}

/**
 * 58×40 mm holds only what sorting needs: number, barcode, name, the masked phone, how the parcel
 * leaves (a courier's and a pickup point's parcels go to different shelves), orders and weight.
 */
function drawThermal(doc: PdfDoc, label: ParcelLabel, bars: Bars) {
  const layout = layouts.thermal58x40;
  const { left, width, bottom } = printableBoxOf(layout);
  let y = layout.margin;

  const weight = formatWeight(label.weightGrams);
  const weightWidth = doc.font('bold').fontSize(9).widthOfString(weight);
  const titleWidth = width - weightWidth - mm(2);
  const title = `Посылка № ${label.parcelNumber}`;
  const titleSize = sizeForOneLine(doc, title, 'bold', titleWidth, 11, 7);
  // The smaller weight shares the title's baseline. DejaVu's ascender is just under one em and its
  // descender about a quarter of one, so these offsets keep both inside the title's line.
  const baseline = y + titleSize;
  drawText(doc, title, { x: left, y: baseline, width: titleWidth, font: 'bold', size: titleSize, baseline: 'alphabetic' });
  drawText(doc, weight, {
    x: left + titleWidth,
    y: baseline,
    width: width - titleWidth,
    font: 'bold',
    size: 9,
    align: 'right',
    baseline: 'alphabetic',
  });
  y = baseline + titleSize * 0.25 + mm(0.5);

  drawBarcode(doc, bars, { x: left, y, width, height: layout.barcodeHeight, maxModule: layout.maxModule });
  y += layout.barcodeHeight + mm(0.3);
  y += drawText(doc, label.barcode, { x: left, y, width, font: 'regular', size: 6.5, align: 'center' });
  y += mm(0.5);

  y += drawText(doc, label.clientName, {
    x: left,
    y,
    width,
    font: 'bold',
    size: sizeForOneLine(doc, label.clientName, 'bold', width, 8, 6.5),
  });
  y += drawThermalPhoneAndDelivery(doc, label, { left, y, width });
  const orders = fitOrders(doc, label.orderNumbers, { width, height: bottom - y, size: 6.5, minSize: 6 });
  drawText(doc, orders.text, { x: left, y, width, font: 'regular', size: orders.size, lines: 10 });
}

/** «+7 (900) ***-**-04» at the left and the delivery method in bold at the right; two lines when one does not hold both. */
function drawThermalPhoneAndDelivery(doc: PdfDoc, label: ParcelLabel, area: { left: number; y: number; width: number }) {
  const size = 7;
  const gap = mm(1.5);
  const phoneWidth = doc.font('regular').fontSize(size).widthOfString(label.maskedPhone);
  const deliveryWidth = doc.font('bold').fontSize(size).widthOfString(label.deliveryMethodTitle);
  if (phoneWidth + gap + deliveryWidth <= area.width) {
    drawText(doc, label.maskedPhone, { x: area.left, y: area.y, width: phoneWidth + 1, font: 'regular', size });
    const x = area.left + area.width - deliveryWidth - 1;
    return drawText(doc, label.deliveryMethodTitle, { x, y: area.y, width: deliveryWidth + 1, font: 'bold', size, align: 'right' });
  }
  const phoneHeight = drawText(doc, label.maskedPhone, { x: area.left, y: area.y, width: area.width, font: 'regular', size });
  return (
    phoneHeight + drawText(doc, label.deliveryMethodTitle, { x: area.left, y: area.y + phoneHeight, width: area.width, font: 'bold', size })
  );
}

const drawers: Record<LabelFormat, (doc: PdfDoc, label: ParcelLabel, bars: Bars) => void> = { a6: drawA6, thermal58x40: drawThermal };

/**
 * Collects PDFKit's stream into one buffer (a label batch is small enough to answer in one piece).
 * Listens before anything is drawn: PDFKit starts emitting with the first page.
 */
function collect(doc: PdfDoc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** One page per label, in the given order, sized for the chosen printer. */
export async function renderParcelLabels(labels: ParcelLabel[], format: LabelFormat): Promise<Buffer> {
  if (labels.length === 0) throw new Error('renderParcelLabels: no labels to render');
  labels.forEach(assertBarcodeValue);
  const [PDFDocument, fonts, bars] = await Promise.all([loadPdfKit(), loadFonts(), Promise.all(labels.map((l) => code128Bars(l.barcode)))]);

  const layout = layouts[format];
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: 'Этикетки посылок', Creator: 'Вместе' } });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = collect(doc);
  labels.forEach((label, index) => {
    doc.addPage({ size: [layout.width, layout.height], margin: 0 });
    drawers[format](doc, label, bars[index]!);
  });
  doc.end();
  return done;
}
