import { formatMoney } from '@vmeste/contract';
import type { PaymentRow } from './payments.schema.js';

type Paid = Pick<PaymentRow, 'number' | 'amountKopecks' | 'bonusKopecks'>;

/** «Оплачено 1 200,00 ₽, из них бонусами 300,00 ₽»: the client sees what came off their bonus balance. */
export function paymentSucceededText(payment: Paid): string {
  const amount = formatMoney(payment.amountKopecks);
  const paid =
    payment.bonusKopecks <= 0
      ? `оплачено ${amount}`
      : payment.bonusKopecks >= payment.amountKopecks
        ? `оплачено ${amount} бонусами`
        : `оплачено ${amount}, из них бонусами ${formatMoney(payment.bonusKopecks)}`;
  return `Вместе: ${paid} (платёж №${payment.number}). Спасибо!`;
}

/** An admin canceled the payment: the reason as the admin wrote it, the bonuses back, and where to pay again. */
export function paymentCanceledText(payment: Paid, reason: string, publicUrl: string): string {
  const why = reason.trim().replace(/[.\s]+$/, '');
  const bonuses = payment.bonusKopecks > 0 ? ` Бонусы ${formatMoney(payment.bonusKopecks)} вернулись на ваш счёт.` : '';
  return (
    `Вместе: платёж №${payment.number} на ${formatMoney(payment.amountKopecks)} отменён магазином${why ? `: ${why}` : ''}.${bonuses}` +
    ` Заказ снова ждёт оплаты: ${publicUrl}/personal/orders/unpaid`
  );
}
