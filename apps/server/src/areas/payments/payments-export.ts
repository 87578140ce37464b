import type { Readable } from 'node:stream';
import { formatMoscowDate, formatPhone, paymentMethodTitles, paymentStatusTitles, type PaymentExportQuery } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { streamSheet, type XlsxColumn } from '../../shared/xlsx-stream.js';
import type { OrdersArea } from '../orders/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { exportPaymentBatches, paymentsOfOrders } from './payments-export.repository.js';

const rubles = (kopecks: number) => kopecks / 100;

/** The XLSX exports of payments: by purchase (one row per order) or by period (one row per payment and order). */
export function createPaymentsExport({ db, orders, purchases }: { db: Db; orders: OrdersArea; purchases: PurchasesArea }) {
  async function purchaseExport(purchaseId: string): Promise<{ fileName: string; stream: Readable }> {
    const purchase = await purchases.findPurchase(db, purchaseId);
    if (!purchase) throw new AppError('NOT_FOUND', 'Закупка не найдена', { field: 'purchaseId' });
    const columns: XlsxColumn[] = [
      { header: 'Заказ №', width: 10, format: 'integer' },
      { header: 'Клиент', width: 28 },
      { header: 'Телефон', width: 18 },
      { header: 'Товары', width: 14, format: 'rubles' },
      { header: 'Оргсбор', width: 12, format: 'rubles' },
      { header: 'Итого', width: 14, format: 'rubles' },
      { header: 'Оплачено', width: 14, format: 'rubles' },
      { header: 'К оплате', width: 14, format: 'rubles' },
      { header: 'Способы оплаты', width: 24 },
      { header: 'Даты оплаты', width: 24 },
    ];
    const stream = streamSheet('Заказы', columns, orders.purchaseOrderBatches(db, purchaseId), async (batch) => {
      const paidBy = await paymentsOfOrders(
        db,
        batch.map((o) => o.id),
      );
      return batch.map((row) => {
        const how = paidBy.get(row.id) ?? { methods: [], paidDates: [] };
        return [
          row.number,
          row.clientName,
          formatPhone(row.phone),
          rubles(row.goodsKopecks),
          rubles(row.organizerFeeKopecks),
          rubles(row.totalKopecks),
          rubles(row.paidKopecks),
          rubles(row.dueKopecks),
          how.methods.map((m) => paymentMethodTitles[m]).join(', '),
          how.paidDates.map((d) => formatMoscowDate(d)).join(', '),
        ];
      });
    });
    return { fileName: `Оплаты — ${purchase.title}.xlsx`, stream };
  }

  function periodExport(from: string, to: string): { fileName: string; stream: Readable } {
    const columns: XlsxColumn[] = [
      { header: 'Платёж №', width: 11, format: 'integer' },
      { header: 'Создан', width: 17, format: 'datetime' },
      { header: 'Оплачен', width: 17, format: 'datetime' },
      { header: 'Способ', width: 18 },
      { header: 'Статус', width: 16 },
      { header: 'Клиент', width: 28 },
      { header: 'Телефон', width: 18 },
      { header: 'Заказ №', width: 10, format: 'integer' },
      { header: 'Закупка', width: 30 },
      { header: 'Сумма', width: 14, format: 'rubles' },
      { header: 'Возвращено', width: 14, format: 'rubles' },
    ];
    const stream = streamSheet('Платежи', columns, exportPaymentBatches(db, from, to), async (batch) =>
      batch.map((row) => [
        row.number,
        new Date(row.createdAt),
        row.paidAt ? new Date(row.paidAt) : null,
        paymentMethodTitles[row.method],
        paymentStatusTitles[row.status],
        row.payerName,
        formatPhone(row.payerPhone),
        row.orderNumber,
        row.purchaseTitle,
        rubles(row.amountKopecks),
        rubles(row.refundedKopecks),
      ]),
    );
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
