import { describe, expect, it } from 'vitest';
import type { OrderForPayment } from '../../src/areas/orders/index.js';
import { receiptSumOf, refundReceiptLinesOf, type RefundedPart } from '../../src/areas/payments/receipt-lines.js';

/** The lines of a refund receipt always add up to the money refunded, whatever part of an order goes back. */

function order(lines: { quantity: number; unitPriceKopecks: number; arrivedQuantity?: number | null }[], feeKopecks = 0): OrderForPayment {
  const goods = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKopecks, 0);
  return {
    id: 'order-1',
    number: 7,
    userId: null,
    phone: '79001234567',
    clientName: 'Клиент',
    purchaseId: 'purchase-1',
    purchaseTitle: 'Закупка',
    purchaseStatus: 'payment',
    cardId: null,
    goodsKopecks: goods,
    organizerFeeKopecks: feeKopecks,
    totalKopecks: goods + feeKopecks,
    paidKopecks: goods + feeKopecks,
    dueKopecks: 0,
    refundDueKopecks: 0,
    isCanceled: false,
    isPayable: false,
    lines: lines.map((l, i) => ({
      product: `Товар ${i + 1}`,
      article: '',
      options: '',
      quantity: l.quantity,
      unitPriceKopecks: l.unitPriceKopecks,
      arrivedQuantity: l.arrivedQuantity ?? null,
    })),
  };
}

const part = (o: OrderForPayment | null, moneyKopecks: number, extra: Partial<RefundedPart> = {}): RefundedPart => ({
  moneyKopecks,
  order: o,
  invoice: null,
  orderNumber: o?.number ?? null,
  invoiceNumber: null,
  ...extra,
});

describe('refundReceiptLinesOf', () => {
  it('the whole order: its goods by line and the fee as a service', () => {
    const lines = refundReceiptLinesOf([part(order([{ quantity: 2, unitPriceKopecks: 10_000 }], 2_000), 22_000)]);
    expect(lines).toEqual([
      { description: 'Товар 1', quantity: 2, unitKopecks: 10_000, subject: 'commodity' },
      { description: 'Оргсбор по заказу №7', quantity: 1, unitKopecks: 2_000, subject: 'service' },
    ]);
  });

  it('goods that did not arrive: just them (and the fee on them)', () => {
    const short = order([
      { quantity: 3, unitPriceKopecks: 10_000, arrivedQuantity: 1 },
      { quantity: 1, unitPriceKopecks: 5_000, arrivedQuantity: 1 },
    ]);
    expect(refundReceiptLinesOf([part(short, 20_000)])).toEqual([
      { description: 'Товар 1', quantity: 2, unitKopecks: 10_000, subject: 'commodity' },
    ]);
    expect(refundReceiptLinesOf([part(short, 22_000)])).toEqual([
      { description: 'Товар 1', quantity: 2, unitKopecks: 10_000, subject: 'commodity' },
      { description: 'Оргсбор по заказу №7', quantity: 1, unitKopecks: 2_000, subject: 'service' },
    ]);
  });

  it('a part that is not whole lines (bonuses paid the rest): the lines cut in proportion, to the kopeck', () => {
    for (const money of [1, 333, 9_999, 12_345, 29_999]) {
      const lines = refundReceiptLinesOf([part(order([{ quantity: 3, unitPriceKopecks: 10_000 }], 1_234), money)]);
      expect(receiptSumOf(lines), String(money)).toBe(money);
      expect(lines.every((l) => Number.isInteger(l.unitKopecks) && l.unitKopecks > 0 && l.quantity > 0)).toBe(true);
    }
  });

  it('a delivery invoice is a service line; a receipt past the provider’s 100 lines is one line per order', () => {
    expect(refundReceiptLinesOf([part(null, 46_000, { invoiceNumber: 3 })])).toEqual([
      { description: 'Доставка по счёту №3', quantity: 1, unitKopecks: 46_000, subject: 'service' },
    ]);
    const many = order(Array.from({ length: 120 }, () => ({ quantity: 1, unitPriceKopecks: 100 })));
    const lines = refundReceiptLinesOf([part(many, 12_000)]);
    expect(lines).toEqual([{ description: 'Товары по заказу №7', quantity: 1, unitKopecks: 12_000, subject: 'commodity' }]);
  });
});
