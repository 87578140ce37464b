// A payment's methods, statuses and rules, apart from the schemas: the order page and the payment's
// result show a method or a status and take these without zod (issue 29, item 3).

/**
 * How money comes in: online by card or SBP through the provider, a transfer to a card with a receipt,
 * cash, or — for a payment the client's bonuses cover whole — bonuses alone.
 */
export const paymentMethods = ['card', 'sbp', 'transfer', 'cash', 'bonus'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodTitles: Record<PaymentMethod, string> = {
  card: 'Картой онлайн',
  sbp: 'СБП',
  transfer: 'Переводом на карту',
  cash: 'Наличными',
  bonus: 'Бонусами',
};
/** What a client may choose; cash is recorded by the staff at the distribution point. */
export const clientPaymentMethods = ['card', 'sbp', 'transfer'] as const satisfies readonly PaymentMethod[];
export type ClientPaymentMethod = (typeof clientPaymentMethods)[number];
export const onlinePaymentMethods: readonly PaymentMethod[] = ['card', 'sbp'];

/**
 * pending — waits for the provider or for a receipt; awaiting_check — the receipt waits for the
 * admin; succeeded — the money came (refundedKopecks says how much went back); refunded — all of it
 * went back; canceled — failed, expired or canceled; rejected — the receipt was not accepted.
 */
export const paymentStatuses = ['pending', 'awaiting_check', 'succeeded', 'refunded', 'canceled', 'rejected'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentStatusTitles: Record<PaymentStatus, string> = {
  pending: 'Ожидает оплаты',
  awaiting_check: 'Чек на проверке',
  succeeded: 'Оплачен',
  refunded: 'Возвращён',
  canceled: 'Отменён',
  rejected: 'Чек отклонён',
};
/**
 * Where a payment's status may go, in one place: the server's one writer of the status
 * (`payment-settlement.ts` `moveTo`) refuses anything else with 409. Two moves stay where they are
 * on purpose: a newer receipt replaces one not checked yet, and a partial refund leaves the payment
 * succeeded. A canceled payment may still succeed: money the provider took after the shop had
 * given the payment up is real (docs/decisions/025). Refunded and rejected are final.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['awaiting_check', 'succeeded', 'canceled'],
  awaiting_check: ['awaiting_check', 'succeeded', 'rejected', 'canceled'],
  succeeded: ['succeeded', 'refunded'],
  refunded: [],
  canceled: ['succeeded'],
  rejected: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** The 409 message of an illegal move, naming the payment and both states. */
export function illegalPaymentMoveMessage(paymentNumber: number, from: PaymentStatus, to: PaymentStatus): string {
  return `Платёж №${paymentNumber}: нельзя перевести из «${paymentStatusTitles[from]}» в «${paymentStatusTitles[to]}»`;
}

/** An open payment holds its orders: nobody can pay them again or change them until it closes. */
export const openPaymentStatuses: readonly PaymentStatus[] = ['pending', 'awaiting_check'];
export const isPaymentOpen = (status: PaymentStatus) => openPaymentStatuses.includes(status);
/** The money of these payments is the shop's (less what was refunded). */
export const moneyPaymentStatuses: readonly PaymentStatus[] = ['succeeded', 'refunded'];

/** What one item of a payment pays for: an order's goods, or the delivery of a parcel. */
export const paymentItemKinds = ['order', 'delivery_invoice'] as const;

export const paymentActions = [
  'created',
  'receipt_uploaded',
  'confirmed',
  'rejected',
  'cash',
  'canceled',
  'abandoned',
  'expired',
  'refunded',
  'provider_succeeded',
  'provider_canceled',
  'amount_mismatch',
  'paid_by_bonus',
] as const;
export type PaymentAction = (typeof paymentActions)[number];
export const paymentActionTitles: Record<PaymentAction, string> = {
  created: 'Платёж создан',
  receipt_uploaded: 'Загружен чек',
  confirmed: 'Оплата подтверждена',
  rejected: 'Чек отклонён',
  cash: 'Оплата наличными',
  canceled: 'Платёж отменён',
  abandoned: 'Клиент отказался от оплаты',
  expired: 'Истёк срок оплаты',
  refunded: 'Возврат',
  provider_succeeded: 'Платёжный сервис: оплачено',
  provider_canceled: 'Платёжный сервис: оплата не прошла',
  amount_mismatch: 'Сумма от платёжного сервиса не совпала — не применено',
  paid_by_bonus: 'Оплачено бонусами',
};

export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const receiptMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
/** One payment covers at most this many orders (a receipt holds 100 lines at most at the provider). */
export const PAYMENT_MAX_ORDERS = 50;

/** The comment a client writes in a transfer, so the admin finds the orders: `Заказ №12`, `Заказы №12, №15`. */
export function transferCommentOf(orderNumbers: number[]): string {
  const numbers = orderNumbers.map((n) => `№${n}`).join(', ');
  return `${orderNumbers.length === 1 ? 'Заказ' : 'Заказы'} ${numbers}`;
}
