import { isRefundByHand, type PaymentMethod, type RefundDestination, type RefundDue } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

const methodWords: Record<PaymentMethod, string> = {
  card: 'картой онлайн',
  sbp: 'через СБП',
  transfer: 'переводом на карту',
  cash: 'наличными',
  bonus: 'бонусами',
};

/** Who gives a payment's part back: the provider, the shop's own bonus account, or the admin by hand. */
function returnerOf(source: { method: PaymentMethod; isOnline: boolean }, to: RefundDestination): string {
  if (source.method === 'bonus' || to === 'bonus') return 'вернётся на бонусный счёт';
  return source.isOnline ? 'вернёт платёжный сервис' : 'переведите клиенту сами';
}

export type RefundDueTexts = {
  title: string;
  /** What each payment gives back and how: one line per payment the money comes from. */
  ways: string[];
  text: string;
  /** Some of the money goes back by hand: the admin says how in the comment. */
  isCommentRequired: boolean;
};

/**
 * The words of the confirm modal of a refund due: how much, from which payments, through whom — as
 * money (`to` money: back the way it came, the bonus part to bonuses) or all to the bonus account.
 */
export function refundDueTextsOf(refund: RefundDue, to: RefundDestination = 'money'): RefundDueTexts {
  const sources = refund.payments.filter((p) => p.refundKopecks > 0);
  const isByHand = isRefundByHand(to, refund.payments);
  const isOnline = sources.some((p) => p.isOnline);
  const ways = sources.map((p) => `Оплата № ${p.number} ${methodWords[p.method]}: ${formatMoney(p.refundKopecks)} — ${returnerOf(p, to)}`);
  let text: string;
  if (to === 'bonus')
    text = 'Вся сумма зачислится на бонусный счёт клиента: платёжный сервис не участвует, деньгами ничего не возвращается.';
  else if (!isByHand) text = 'Деньги вернутся клиенту через платёжный сервис — на карту или счёт, с которых он платил.';
  else if (isOnline)
    text =
      'Часть денег вернёт платёжный сервис, а оплату переводом или наличными верните клиенту сами. Отметьте возврат, когда отдадите деньги, и напишите в комментарии, как и куда вернули.';
  else
    text =
      'Платёжный сервис здесь не участвует: верните деньги клиенту сами, затем отметьте возврат и напишите в комментарии, как и куда вернули.';
  return {
    title: `Вернуть ${formatMoney(refund.refundDueKopecks)} по заказу № ${refund.orderNumber}`,
    ways,
    text: `${text} Клиент получит сообщение о возврате.`,
    isCommentRequired: isByHand,
  };
}
