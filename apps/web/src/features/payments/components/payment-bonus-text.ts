import type { Payment } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

/**
 * «из них бонусами 100,00 ₽»: the bonus part of a payment's sum, or null when there is none. A
 * payment made with bonuses alone says so by its method («Бонусами»), so the part is not repeated.
 */
export function bonusPartText(payment: Pick<Payment, 'method' | 'bonusKopecks'>): string | null {
  if (payment.bonusKopecks <= 0 || payment.method === 'bonus') return null;
  return `из них бонусами ${formatMoney(payment.bonusKopecks)}`;
}
