import { PassThrough, type Readable } from 'node:stream';
import { formatPhone, paymentMethodTitles, paymentStatusTitles, type PaymentExportQuery } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { loadExcelJS } from '../../shared/heavy-libraries.js';
import type { OrdersArea } from '../orders/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { exportPaymentBatches, paymentsOfOrders } from './payments-export.repository.js';

const RUB_FORMAT = '#,##0.00 "₽"';
const DATE_FORMAT = 'dd.mm.yyyy hh:mm';
/** Excel shows local time; the books are kept in Moscow time (UTC+3 all year). */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

const moscowDate = (value: Date | string | null) => (value ? new Date(new Date(value).getTime() + MOSCOW_OFFSET_MS) : null);
const rubles = (kopecks: number) => kopecks / 100;
const moscowDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' });

type Column = { header: string; key: string; width: number; numFmt?: string };

/**
 * Waits while the answer has more unsent bytes than its buffer holds, so a slow download holds the
 * next batch back instead of piling the whole file up in memory; answers false once the download is gone.
 */
async function isStillWanted(stream: PassThrough): Promise<boolean> {
  if (stream.destroyed) return false;
  if (stream.writableNeedDrain) {
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done).off('close', done);
        resolve();
      };
      stream.once('drain', done).once('close', done);
    });
  }
  return !stream.destroyed;
}

/**
 * The XLSX of payments, written row by row into the answer as ExcelJS streams it: rows are read
 * from the database in batches, so memory stays flat whatever the number of rows.
 */
export function createPaymentsExport({ db, orders, purchases }: { db: Db; orders: OrdersArea; purchases: PurchasesArea }) {
  async function workbookTo(stream: PassThrough, sheetName: string, columns: Column[]) {
    const ExcelJS = await loadExcelJS();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return { workbook, sheet };
  }

  async function purchaseExport(purchaseId: string): Promise<{ fileName: string; stream: Readable }> {
    const purchase = await purchases.findPurchase(db, purchaseId);
    if (!purchase) throw new AppError('NOT_FOUND', 'Закупка не найдена', { field: 'purchaseId' });
    const stream = new PassThrough();
    const { workbook, sheet } = await workbookTo(stream, 'Заказы', [
      { header: 'Заказ №', key: 'number', width: 10 },
      { header: 'Клиент', key: 'client', width: 28 },
      { header: 'Телефон', key: 'phone', width: 18 },
      { header: 'Товары', key: 'goods', width: 14, numFmt: RUB_FORMAT },
      { header: 'Оргсбор', key: 'fee', width: 12, numFmt: RUB_FORMAT },
      { header: 'Итого', key: 'total', width: 14, numFmt: RUB_FORMAT },
      { header: 'Оплачено', key: 'paid', width: 14, numFmt: RUB_FORMAT },
      { header: 'К оплате', key: 'due', width: 14, numFmt: RUB_FORMAT },
      { header: 'Способы оплаты', key: 'methods', width: 24 },
      { header: 'Даты оплаты', key: 'dates', width: 24 },
    ]);
    void (async () => {
      try {
        for await (const batch of orders.purchaseOrderBatches(db, purchaseId)) {
          if (!(await isStillWanted(stream))) return;
          const paidBy = await paymentsOfOrders(
            db,
            batch.map((o) => o.id),
          );
          for (const row of batch) {
            const how = paidBy.get(row.id) ?? { methods: [], paidDates: [] };
            sheet
              .addRow({
                number: row.number,
                client: row.clientName,
                phone: formatPhone(row.phone),
                goods: rubles(row.goodsKopecks),
                fee: rubles(row.organizerFeeKopecks),
                total: rubles(row.totalKopecks),
                paid: rubles(row.paidKopecks),
                due: rubles(row.dueKopecks),
                methods: how.methods.map((m) => paymentMethodTitles[m]).join(', '),
                dates: how.paidDates.map((d) => moscowDay.format(d)).join(', '),
              })
              .commit();
          }
        }
        sheet.commit();
        await workbook.commit();
      } catch (error) {
        stream.destroy(error as Error);
      }
    })();
    return { fileName: `Оплаты — ${purchase.title}.xlsx`, stream };
  }

  async function periodExport(from: string, to: string): Promise<{ fileName: string; stream: Readable }> {
    const stream = new PassThrough();
    const { workbook, sheet } = await workbookTo(stream, 'Платежи', [
      { header: 'Платёж №', key: 'number', width: 11 },
      { header: 'Создан', key: 'createdAt', width: 17, numFmt: DATE_FORMAT },
      { header: 'Оплачен', key: 'paidAt', width: 17, numFmt: DATE_FORMAT },
      { header: 'Способ', key: 'method', width: 18 },
      { header: 'Статус', key: 'status', width: 16 },
      { header: 'Клиент', key: 'client', width: 28 },
      { header: 'Телефон', key: 'phone', width: 18 },
      { header: 'Заказ №', key: 'orderNumber', width: 10 },
      { header: 'Закупка', key: 'purchase', width: 30 },
      { header: 'Сумма', key: 'amount', width: 14, numFmt: RUB_FORMAT },
      { header: 'Возвращено', key: 'refunded', width: 14, numFmt: RUB_FORMAT },
    ]);
    void (async () => {
      try {
        for await (const batch of exportPaymentBatches(db, from, to)) {
          if (!(await isStillWanted(stream))) return;
          for (const row of batch) {
            sheet
              .addRow({
                number: row.number,
                createdAt: moscowDate(row.createdAt),
                paidAt: moscowDate(row.paidAt),
                method: paymentMethodTitles[row.method],
                status: paymentStatusTitles[row.status],
                client: row.payerName,
                phone: formatPhone(row.payerPhone),
                orderNumber: row.orderNumber,
                purchase: row.purchaseTitle,
                amount: rubles(row.amountKopecks),
                refunded: rubles(row.refundedKopecks),
              })
              .commit();
          }
        }
        sheet.commit();
        await workbook.commit();
      } catch (error) {
        stream.destroy(error as Error);
      }
    })();
    return { fileName: `Оплаты ${from} — ${to}.xlsx`, stream };
  }

  return {
    async export(query: PaymentExportQuery): Promise<{ fileName: string; stream: Readable }> {
      if (query.purchaseId) return purchaseExport(query.purchaseId);
      return periodExport(query.from!, query.to!);
    },
  };
}

export type PaymentsExport = ReturnType<typeof createPaymentsExport>;
