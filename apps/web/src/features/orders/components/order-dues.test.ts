import type { Order, Payment } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { paymentStatesByOrder } from '@/features/payments';
import { cabinetSumsOf, dueOrdersOf, selectionSummaryOf, unpaidGroupsOf } from './order-dues';
import { sampleOrder } from '../test/orders-test-kit';

function order(id: string, patch: Partial<Order>): Order {
  return sampleOrder({
    id,
    number: 1,
    purchase: { id: 'p', title: 'Закупка', status: 'payment', paymentDeadline: null, hasTransferCard: true },
    phone: '79000000004',
    clientName: '',
    goodsKopecks: 0,
    totalKopecks: 10000,
    dueKopecks: 10000,
    createdAt: '2026-05-01T10:00:00Z',
    ...patch,
  });
}

function payment(id: string, status: Payment['status'], orderIds: string[], amountKopecks: number): Payment {
  return {
    id,
    number: 1,
    method: 'transfer',
    status,
    amountKopecks,
    bonusKopecks: 0,
    refundedKopecks: 0,
    items: orderIds.map((orderId) => ({
      id: `${id}-${orderId}`,
      kind: 'order',
      orderId,
      orderNumber: 1,
      invoiceId: null,
      invoiceNumber: null,
      purchaseTitle: 'Закупка',
      amountKopecks: amountKopecks / orderIds.length,
      bonusKopecks: 0,
      refundedKopecks: 0,
    })),
    transfer: null,
    hasReceipt: status === 'awaiting_check',
    reason: null,
    confirmationUrl: null,
    createdAt: '2026-05-02T10:00:00Z',
    paidAt: null,
  };
}

const payable = order('a', {});
const pendingHeld = order('b', { openPaymentStatus: 'pending' });
const onCheck = order('c', { dueKopecks: 5000, openPaymentStatus: 'awaiting_check' });
const afterStop = order('d', {
  isPayable: false,
  purchase: { id: 'q', title: 'Сбор', status: 'open', paymentDeadline: null, hasTransferCard: true },
});
const paid = order('e', { paidKopecks: 7000, dueKopecks: 0, isPayable: false, paymentState: 'paid', totalKopecks: 7000 });
const payments = [payment('p1', 'pending', ['b'], 10000), payment('p2', 'awaiting_check', ['c'], 5000)];
const states = paymentStatesByOrder(payments);

describe('dueOrdersOf', () => {
  it('takes payable orders, leaving out those after the stop and those on check', () => {
    expect(dueOrdersOf([payable, pendingHeld, onCheck, afterStop, paid]).map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('leaves out an order whose receipt is on check though the client did not send it (paid by the order link)', () => {
    const heldByLink = order('f', { openPaymentStatus: 'awaiting_check' });
    expect(dueOrdersOf([payable, heldByLink]).map((o) => o.id)).toEqual(['a']);
  });
});

describe('unpaidGroupsOf', () => {
  it('puts held orders under their payment, the rest to select or to pay after the stop', () => {
    const groups = unpaidGroupsOf([payable, pendingHeld, onCheck, afterStop], states);
    expect(groups.openPayments.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(groups.payable.map((o) => o.id)).toEqual(['a']);
    expect(groups.later.map((o) => o.id)).toEqual(['d']);
  });

  it('keeps apart an order held by a payment the client did not start', () => {
    const heldByLink = order('f', { openPaymentStatus: 'awaiting_check' });
    const groups = unpaidGroupsOf([payable, heldByLink], states);
    expect(groups.heldElsewhere.map((o) => o.id)).toEqual(['f']);
    expect(groups.payable.map((o) => o.id)).toEqual(['a']);
  });

  it('lists a payment of several orders once', () => {
    const both = paymentStatesByOrder([payment('p3', 'pending', ['a', 'b'], 20000)]);
    const bothHeld = [order('a', { openPaymentStatus: 'pending' }), pendingHeld];
    expect(unpaidGroupsOf(bothHeld, both).openPayments.map((p) => p.id)).toEqual(['p3']);
  });
});

describe('cabinetSumsOf', () => {
  it('sums due now, on check and paid without counting anything twice', () => {
    expect(cabinetSumsOf([payable, pendingHeld, onCheck, afterStop, paid])).toEqual({
      dueKopecks: 20000,
      dueCount: 2,
      onCheckKopecks: 5000,
      onCheckCount: 1,
      paidKopecks: 7000,
    });
  });
});

describe('selectionSummaryOf', () => {
  it.each([
    [1, 0, 'Выбран 1 заказ на 10,00 ₽'],
    [2, 0, 'Выбрано 2 заказа на 10,00 ₽'],
    [5, 0, 'Выбрано 5 заказов на 10,00 ₽'],
    [21, 0, 'Выбран 21 заказ на 10,00 ₽'],
    [11, 0, 'Выбрано 11 заказов на 10,00 ₽'],
    [1, 2, 'Выбран 1 заказ и 2 счёта за доставку на 10,00 ₽'],
    [0, 1, 'Выбран 1 счёт за доставку на 10,00 ₽'],
    [0, 3, 'Выбрано 3 счёта за доставку на 10,00 ₽'],
  ])('%i orders and %i invoices → «%s»', (orders, invoices, text) => {
    expect(selectionSummaryOf(orders, invoices, 1000).replace(/\s/g, ' ')).toBe(text);
  });
});
