import { screen } from '@testing-library/react';
import type { FulfilmentStatus, Payment } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { PaymentResult } from './payment-result';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';

function paidPayment(goods: FulfilmentStatus[]): Payment {
  return {
    id: PAYMENT_ID,
    number: 7,
    method: 'card',
    status: 'succeeded',
    amountKopecks: 120_000,
    bonusKopecks: 0,
    refundedKopecks: 0,
    items: goods.map((fulfilmentStatus, i) => ({
      id: `4444444${i}-4444-4444-8444-444444444444`,
      kind: 'order',
      orderId: `5555555${i}-5555-4555-8555-555555555555`,
      orderNumber: 12 + i,
      invoiceId: null,
      invoiceNumber: null,
      purchaseTitle: 'Осенняя одежда',
      amountKopecks: 120_000 / goods.length,
      bonusKopecks: 0,
      refundedKopecks: 0,
      fulfilmentStatus,
    })),
    transfer: null,
    hasReceipt: false,
    reason: null,
    confirmationUrl: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:01:00.000Z',
  };
}

async function nextStepFor(goods: FulfilmentStatus[]): Promise<string> {
  stubApi(({ path }) => (path === `/payments/${PAYMENT_ID}` ? { body: paidPayment(goods) } : undefined));
  renderInApp(<PaymentResult paymentId={PAYMENT_ID} />, { path: `/payment-result?payment=${PAYMENT_ID}` });
  await screen.findByText('Оплата прошла');
  return screen.getByTestId('payment-result').textContent ?? '';
}

describe('«Результат оплаты» after paying orders', () => {
  it('goods already at the warehouse: no promise to tell when they come', async () => {
    const text = await nextStepFor(['arrived']);
    expect(text).toContain('Заказ оплачен. Товар уже на складе — мы сообщим, когда посылка будет готова');
    expect(text).not.toContain('Когда товар придёт на склад');
  });

  it('goods still on the way: tells the client they will hear when the goods come', async () => {
    expect(await nextStepFor(['awaiting_goods'])).toContain('Заказ оплачен. Когда товар придёт на склад, мы пришлём сообщение');
  });

  it('some orders at the warehouse, some on the way: says both', async () => {
    expect(await nextStepFor(['arrived', 'awaiting_goods'])).toContain(
      'Заказы оплачены. Часть товара уже на складе, о приходе остального мы пришлём сообщение',
    );
  });
});
