import { describe, expect, it } from 'vitest';
import { bonusPartText } from './payment-bonus-text';
import { refundDueTextsOf } from './refund-due-texts';

describe('the bonus part of a payment', () => {
  it('is told for a mixed payment only', () => {
    expect(bonusPartText({ method: 'card', bonusKopecks: 10_000 })).toMatch(/^из них бонусами 100,00[\s\u00a0\u202f]₽$/);
    expect(bonusPartText({ method: 'card', bonusKopecks: 0 })).toBeNull();
    // «Бонусами» as the method already says it.
    expect(bonusPartText({ method: 'bonus', bonusKopecks: 10_000 })).toBeNull();
  });

  it('goes back to the bonus account in a refund due', () => {
    const texts = refundDueTextsOf({
      orderId: '00000000-0000-4000-8000-000000000001',
      orderNumber: 12,
      isCanceled: false,
      purchaseId: '00000000-0000-4000-8000-000000000002',
      purchaseTitle: 'Обувь',
      clientName: 'Иванова Мария',
      phone: '79001234567',
      totalKopecks: 50_000,
      paidKopecks: 60_000,
      refundDueKopecks: 10_000,
      payments: [
        {
          paymentId: '00000000-0000-4000-8000-000000000003',
          number: 7,
          method: 'bonus',
          isOnline: false,
          paidAt: null,
          refundableKopecks: 60_000,
          refundKopecks: 10_000,
        },
      ],
    });
    expect(texts.ways).toEqual([expect.stringMatching(/^Оплата № 7 бонусами: 100,00[\s\u00a0\u202f]₽ — вернётся на бонусный счёт$/)]);
  });
});
