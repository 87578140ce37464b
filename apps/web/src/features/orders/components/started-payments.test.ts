import { describe, expect, it } from 'vitest';
import { rememberStartedPayments, startedPaymentIdsOf } from './started-payments';

describe('started payments of an order', () => {
  it('keeps them per order, newest first, each once', () => {
    rememberStartedPayments('order-1', ['p1']);
    rememberStartedPayments('order-1', ['p2']);
    expect(rememberStartedPayments('order-1', ['p1'])).toEqual(['p1', 'p2']);
    expect(startedPaymentIdsOf('order-1')).toEqual(['p1', 'p2']);
    expect(startedPaymentIdsOf('order-2')).toEqual([]);
  });

  it('keeps the latest ten', () => {
    for (let i = 0; i < 12; i += 1) rememberStartedPayments('order-3', [`p${i}`]);
    expect(startedPaymentIdsOf('order-3')).toHaveLength(10);
    expect(startedPaymentIdsOf('order-3')[0]).toBe('p11');
  });

  it('ignores whatever else is stored under the key', () => {
    localStorage.setItem('vmeste:order-payments:order-4', '{"x":1}');
    expect(startedPaymentIdsOf('order-4')).toEqual([]);
  });
});
