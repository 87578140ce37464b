import { describe, expect, it } from 'vitest';
import { goodsNextText, isWaitingForBank, paymentNextStepOf, paymentOutcomeOf, paymentOutcomeTitles } from './payment-status';

describe('paymentOutcomeOf', () => {
  it('tells paid, failed and waiting apart', () => {
    expect(paymentOutcomeTitles[paymentOutcomeOf({ status: 'succeeded', method: 'card' })]).toBe('Оплата прошла');
    expect(paymentOutcomeTitles[paymentOutcomeOf({ status: 'canceled', method: 'sbp' })]).toBe('Оплата не прошла');
    expect(paymentOutcomeTitles[paymentOutcomeOf({ status: 'rejected', method: 'transfer' })]).toBe('Оплата не прошла');
    expect(paymentOutcomeTitles[paymentOutcomeOf({ status: 'pending', method: 'card' })]).toBe('Ждём подтверждения банка');
  });

  it('waits for a receipt, not for the bank, on a pending transfer', () => {
    expect(paymentOutcomeOf({ status: 'pending', method: 'transfer' })).toBe('waiting_receipt');
    expect(paymentOutcomeOf({ status: 'awaiting_check', method: 'transfer' })).toBe('on_check');
    expect(isWaitingForBank({ status: 'pending', method: 'transfer' })).toBe(false);
    expect(isWaitingForBank({ status: 'pending', method: 'sbp' })).toBe(true);
    expect(isWaitingForBank({ status: 'succeeded', method: 'sbp' })).toBe(false);
  });
});

describe('paymentNextStepOf', () => {
  it('sends a client to «Мои заказы» and a guest to the order page', () => {
    expect(paymentNextStepOf('paid', { isClient: true, ordersCount: 2 })).toMatch(/^Заказы оплачены.*«Мои заказы»/);
    expect(paymentNextStepOf('paid', { isClient: false, ordersCount: 1 })).toMatch(/^Заказ оплачен.*странице заказа/);
  });

  it('says no money was taken when the payment failed', () => {
    expect(paymentNextStepOf('failed', { isClient: true, ordersCount: 1 })).toMatch(/^Деньги не списаны/);
  });
});

describe('goodsNextText', () => {
  it('speaks of the goods where they are, of several orders the least advanced', () => {
    expect(goodsNextText([])).toBe('Когда товар придёт на склад, мы пришлём сообщение');
    expect(goodsNextText(['awaiting_goods'])).toBe('Когда товар придёт на склад, мы пришлём сообщение');
    expect(goodsNextText(['packed'])).toBe('Товар уже на складе — мы сообщим, когда посылка будет готова');
    expect(goodsNextText(['ready_for_pickup', 'delivered'])).toBe('Посылка уже ждёт вас в пункте самовывоза');
    expect(goodsNextText(['shipped'])).toBe('Посылка уже в пути');
    expect(goodsNextText(['delivered'])).toBe('Товар уже у вас');
    expect(paymentNextStepOf('paid', { isClient: true, ordersCount: 1, goods: ['arrived'] })).toBe(
      'Заказ оплачен. Товар уже на складе — мы сообщим, когда посылка будет готова, а следить за ним можно в разделе «Мои заказы».',
    );
  });
});
