import { describe, expect, it } from 'vitest';
import { isWaitingForBank, paymentNextStepOf, paymentOutcomeOf, paymentOutcomeTitles } from './payment-status';

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
