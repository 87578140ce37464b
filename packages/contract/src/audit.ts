import { z } from 'zod';

/**
 * The money audit («Сверка»): every sum the shop keeps is recomputed from the rows it is made of —
 * payments and their items, refunds, orders and their lines, the bonus ledger, delivery invoices,
 * and what the payment provider says — and each disagreement is listed (docs/decisions/029).
 */

export const moneyDifferenceKinds = [
  'order_paid',
  'order_total',
  'client_totals',
  'payment_amount',
  'payment_refunded',
  'refund_beyond_payment',
  'payment_status',
  'bonus_balance',
  'bonus_payment',
  'invoice_paid',
  'provider',
] as const;
export type MoneyDifferenceKind = (typeof moneyDifferenceKinds)[number];

/** A heading per kind, for the admin's list and the command's report. */
export const moneyDifferenceKindTitles: Record<MoneyDifferenceKind, string> = {
  order_paid: 'Оплачено по заказу ≠ его платежи',
  order_total: 'Сумма заказа ≠ его строки и сбор',
  client_totals: 'Итоги клиента ≠ пересчёт его заказов',
  payment_amount: 'Сумма платежа ≠ его позиции',
  payment_refunded: 'Возвращено по платежу ≠ его возвраты',
  refund_beyond_payment: 'Возврат больше платежа',
  payment_status: 'Статус платежа не сходится с его позициями',
  bonus_balance: 'Бонусный счёт ≠ журнал',
  bonus_payment: 'Бонусы платежей и возвратов ≠ журнал',
  invoice_paid: 'Оплачено по счёту доставки ≠ его платежи',
  provider: 'Платёжный сервис ≠ магазин',
};

export const moneyDifferenceSchema = z.object({
  kind: z.enum(moneyDifferenceKinds),
  /** What differs, as staff search for it: «Заказ №12», «Платёж №7», «Клиент +7 900 …». */
  object: z.string(),
  /** What the sum should be, recomputed from its rows; null where the difference is not a sum. */
  expectedKopecks: z.number().int().nullable(),
  /** What the shop keeps. */
  actualKopecks: z.number().int().nullable(),
  description: z.string(),
});
export type MoneyDifference = z.infer<typeof moneyDifferenceSchema>;

export const moneyAuditSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }),
  differences: z.array(moneyDifferenceSchema),
});
export type MoneyAudit = z.infer<typeof moneyAuditSchema>;
