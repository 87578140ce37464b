import type { Order } from '@vmeste/contract';

/** A client's order as the API answers it: order № 101 of «Зимняя обувь», 1 000 ₽ due and unpaid; `patch` changes any field. */
export function sampleOrder(patch: Partial<Order> = {}): Order {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number: 101,
    purchase: {
      id: '00000000-0000-4000-8000-0000000000a1',
      title: 'Зимняя обувь',
      status: 'payment',
      paymentDeadline: null,
      hasTransferCard: true,
    },
    phone: '79001234567',
    clientName: 'Иванова Мария',
    hasAccount: true,
    isCanceled: false,
    lines: [],
    goodsKopecks: 100_000,
    organizerFeePercent: 0,
    organizerFeeKopecks: 0,
    totalKopecks: 100_000,
    paidKopecks: 0,
    dueKopecks: 100_000,
    refundDueKopecks: 0,
    isPayable: true,
    openPaymentStatus: null,
    paymentProblem: null,
    paymentState: 'unpaid',
    fulfilmentStatus: 'awaiting_goods',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...patch,
  };
}
