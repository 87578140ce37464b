import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadPdfKit } from '../../../shared/heavy-libraries.js';
import type { EmulatedParcel } from './boxberry-emulator-parcels.js';

/**
 * The font lives in apps/server/assets, outside src, and this module sits at the same depth in src and
 * in dist; a PDF standard font has no Cyrillic, and staff read the label in Russian.
 */
const fontFile = new URL('../../../../assets/fonts/DejaVuSansCondensed.ttf', import.meta.url);
let font: Promise<Buffer> | undefined;

const MM = 72 / 25.4;

/** A plain A6 page with what a courier needs, marked as a test label so no one ships by it. */
export async function renderLabel(parcel: EmulatedParcel): Promise<Buffer> {
  font ??= readFile(fileURLToPath(fontFile));
  const [PDFDocument, fontData] = await Promise.all([loadPdfKit(), font]);
  const doc = new PDFDocument({ size: [105 * MM, 148 * MM], margin: 8 * MM, info: { Title: `Этикетка ${parcel.track}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const customer = (parcel.sdata.customer ?? {}) as { fio?: unknown; phone?: unknown };
  const destination = parcel.targetPointCode ? `Пункт выдачи ${parcel.targetPointCode}` : 'Курьерская доставка';
  doc.registerFont('regular', fontData).font('regular');
  doc.fontSize(10).text('Boxberry — тестовая этикетка эмулятора, не для отправки');
  doc.moveDown().fontSize(22).text(parcel.track);
  doc
    .moveDown()
    .fontSize(11)
    .text(`Заказ: ${parcel.orderId}`)
    .text(destination)
    .text(`Получатель: ${String(customer.fio ?? '')}`)
    .text(`Телефон: ${String(customer.phone ?? '')}`)
    .text(`Вес: ${parcel.weightGrams} г`);
  doc.end();
  return done;
}
