import { describe, expect, it } from 'vitest';
import { renderedAddressOf } from './entry-server';

describe('the address a server-rendered page is rendered and kept by', () => {
  it.each([
    ['/', { kind: 'main', address: '/' }],
    ['/?utm_source=telegram&utm_medium=post', { kind: 'main', address: '/' }],
    ['/?yclid=4242&purchase=0b6c&fbclid=x', { kind: 'main', address: '/?purchase=0b6c' }],
    ['/order/7f3a?ysclid=9', { kind: 'order', address: '/order/7f3a' }],
    ['/payment-result?payment=5d1e&utm_content=a', { kind: 'paymentResult', address: '/payment-result?payment=5d1e' }],
    ['/signin?next=%2Fpersonal%2Fbonus&gclid=1', { kind: 'signin', address: '/signin?next=%2Fpersonal%2Fbonus' }],
    ['/contacts?from=vk', { kind: 'document', address: '/contacts' }],
    ['/personal/orders/unpaid?utm_source=sms', { kind: 'cabinet', address: '/personal/orders/unpaid' }],
  ])('%s → %o', (url, expected) => {
    expect(renderedAddressOf(url)).toEqual(expected);
  });

  it('is none for the pages the browser renders alone', () => {
    expect(renderedAddressOf('/admin/payments?utm_source=x')).toBeNull();
    expect(renderedAddressOf('/logistician')).toBeNull();
  });
});
