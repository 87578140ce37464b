import { describe, expect, it } from 'vitest';
import { paymentItemLabel, paymentItemsHeading } from './payment-item-texts';
import { paymentNextStepOf } from './payment-status';

const orderItem = { kind: 'order' as const, orderNumber: 101, invoiceNumber: null };
const invoiceItem = { kind: 'delivery_invoice' as const, orderNumber: null, invoiceNumber: 5 };

describe('a payment of orders and delivery invoices', () => {
  it('names an invoice by its own number, since it has no order number', () => {
    expect(paymentItemLabel(orderItem)).toBe('Заказ № 101');
    expect(paymentItemLabel(invoiceItem)).toBe('Счёт за доставку № 5');
  });

  it('heads the items by what they are', () => {
    expect(paymentItemsHeading([orderItem])).toBe('Заказ');
    expect(paymentItemsHeading([orderItem, orderItem])).toBe('Заказы');
    expect(paymentItemsHeading([invoiceItem])).toBe('Доставка');
    expect(paymentItemsHeading([orderItem, invoiceItem])).toBe('Заказ и доставка');
  });

  it('after paying the delivery alone speaks of the parcel, not of goods coming to the warehouse', () => {
    const text = paymentNextStepOf('paid', { isClient: true, ordersCount: 0, invoicesCount: 1 });
    expect(text).toMatch(/^Доставка оплачена\. Мы отправим посылку и пришлём трек-номер/);
    expect(text).toContain('«Способы доставки»');
    expect(paymentNextStepOf('paid', { isClient: true, ordersCount: 2, invoicesCount: 2 })).toMatch(
      /^Заказы оплачены\..*Доставка тоже оплачена: мы отправим посылки/,
    );
  });
});
