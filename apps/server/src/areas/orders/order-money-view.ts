import { dueOf, refundDueOf } from '@vmeste/contract';
import type { OrderRow } from './orders.schema.js';

/**
 * An order row's identity and money: the one projection every other view of an order is made from
 * (the client's and the admin's, payments, refunds due, the warehouse, exports), so what is due and
 * what is owed back are worked out in one place, by the contract's rules.
 */
export type OrderMoneyView = {
  id: string;
  number: number;
  userId: string | null;
  phone: string;
  clientName: string;
  purchaseId: string;
  isCanceled: boolean;
  goodsKopecks: number;
  organizerFeeKopecks: number;
  totalKopecks: number;
  paidKopecks: number;
  /** dueOf: what is left to pay (nothing once canceled). */
  dueKopecks: number;
  /** refundDueOf: paid beyond the total, or all a canceled order holds. */
  refundDueKopecks: number;
};

export function orderMoneyViewOf(row: OrderRow): OrderMoneyView {
  const money = { totalKopecks: row.totalKopecks, paidKopecks: row.paidKopecks, isCanceled: row.canceledAt !== null };
  return {
    id: row.id,
    number: row.number,
    userId: row.userId,
    phone: row.phone,
    clientName: row.clientName,
    purchaseId: row.purchaseId,
    isCanceled: money.isCanceled,
    goodsKopecks: row.goodsKopecks,
    organizerFeeKopecks: row.organizerFeeKopecks,
    totalKopecks: row.totalKopecks,
    paidKopecks: row.paidKopecks,
    dueKopecks: dueOf(money),
    refundDueKopecks: refundDueOf(money),
  };
}
