import { z } from 'zod';
import { calendarDateField } from './dates.js';
import { fulfilmentStatuses } from './fulfilment-statuses.js';
import {
  clientPaymentMethods,
  PAYMENT_MAX_ORDERS,
  paymentActions,
  paymentItemKinds,
  paymentMethods,
  paymentStatuses,
} from './payment-statuses.js';

export * from './payment-statuses.js';

const orderIdsField = z
  .array(z.uuid({ error: 'Заказ не найден' }), { error: 'Выберите заказы для оплаты' })
  .max(PAYMENT_MAX_ORDERS, `Не больше ${PAYMENT_MAX_ORDERS} заказов в одной оплате`)
  .refine((ids) => new Set(ids).size === ids.length, 'Заказ выбран дважды');
const clientMethodField = z.enum(clientPaymentMethods, { error: 'Выберите способ оплаты' });

const invoiceIdsField = z
  .array(z.uuid({ error: 'Счёт за доставку не найден' }), { error: 'Выберите счета за доставку' })
  .max(PAYMENT_MAX_ORDERS, `Не больше ${PAYMENT_MAX_ORDERS} счетов в одной оплате`)
  .refine((ids) => new Set(ids).size === ids.length, 'Счёт выбран дважды')
  .default([]);

/** Orders and delivery invoices are paid together; at least one of either. */
export const createPaymentBodySchema = z
  .object({
    orderIds: orderIdsField.default([]),
    invoiceIds: invoiceIdsField,
    method: clientMethodField,
    /** Bonuses to cover part of the sum, up to the cap of the bonus settings and the balance. */
    bonusKopecks: z
      .number({ error: 'Бонусы — целое число копеек' })
      .int('Бонусы — целое число копеек')
      .min(0, 'Бонусов не может быть меньше нуля')
      .default(0),
  })
  .refine((b) => b.orderIds.length + b.invoiceIds.length > 0, {
    message: 'Выберите хотя бы один заказ или счёт за доставку',
    path: ['orderIds'],
  });
export const payByLinkBodySchema = z.object({ orderId: z.uuid({ error: 'Заказ не найден' }), method: clientMethodField });

export const paymentIdParamsSchema = z.object({ id: z.uuid({ error: 'Платёж не найден' }) });

/** Who acts on a payment by order link without an account: the token its payment gave the browser. */
export const payerQuerySchema = z.object({ payer: z.string().max(100, 'Ссылка на платёж повреждена').optional() });

export const paymentItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(paymentItemKinds),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.number().int().nullable(),
  /** The purchase's title, or «Доставка посылки №12» for a delivery invoice. */
  purchaseTitle: z.string(),
  amountKopecks: z.number().int(),
  /** The part of the item paid with bonuses (the rest is money). */
  bonusKopecks: z.number().int(),
  refundedKopecks: z.number().int(),
  /**
   * Where the order's goods are now, on the payer's view of one payment (not in lists): what
   * «Результат оплаты» says comes next depends on it.
   */
  fulfilmentStatus: z.enum(fulfilmentStatuses).optional(),
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** Where to send a transfer: the card bound to the purchase, and what to write in the transfer. */
export const transferDetailsSchema = z.object({
  bank: z.string(),
  holderName: z.string(),
  cardNumber: z.string(),
  sbpPhone: z.string().nullable(),
  comment: z.string(),
});

/** A payment as its payer sees it (by the unguessable id, like an order link). */
export const paymentSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  amountKopecks: z.number().int(),
  /** The part paid with bonuses; the provider, the card or the cash desk gets the rest. */
  bonusKopecks: z.number().int(),
  refundedKopecks: z.number().int(),
  items: z.array(paymentItemSchema),
  /** For a transfer: the card and the comment. */
  transfer: transferDetailsSchema.nullable(),
  hasReceipt: z.boolean(),
  /** Why the receipt was rejected or the payment canceled, in words for the client. */
  reason: z.string().nullable(),
  /** The provider's page, while an online payment waits. */
  confirmationUrl: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const createPaymentResultSchema = z.object({
  payments: z.array(paymentSchema),
  /** Where to send the browser for an online payment. */
  redirectUrl: z.string().nullable(),
  /**
   * For a payment by order link: the token only the browser that started it holds, asked of it to
   * send the receipt or give the payment up (anyone with the link may pay, not act for the payer).
   */
  payerToken: z.string().nullable(),
});
export type CreatePaymentResult = z.infer<typeof createPaymentResultSchema>;

const payerSchema = z.object({ phone: z.string(), name: z.string() });

/** A payment in the admin's list. */
export const adminPaymentSchema = paymentSchema.extend({
  payer: payerSchema,
  purchaseTitles: z.array(z.string()),
  provider: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  receiptMime: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const paymentHistoryEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.enum(paymentActions),
  /** Who did it; null for the client by link, the provider or the shop's own jobs. */
  actorName: z.string().nullable(),
  statusBefore: z.enum(paymentStatuses).nullable(),
  statusAfter: z.enum(paymentStatuses).nullable(),
  amountKopecks: z.number().int().nullable(),
  comment: z.string(),
  /** What each order had paid before and after the action. */
  orders: z.array(z.object({ number: z.number().int(), paidBeforeKopecks: z.number().int(), paidAfterKopecks: z.number().int() })),
});
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

export const adminPaymentDetailsSchema = adminPaymentSchema.extend({ history: z.array(paymentHistoryEntrySchema) });
export type AdminPaymentDetails = z.infer<typeof adminPaymentDetailsSchema>;

const dateField = calendarDateField();

export const paymentListQuerySchema = z.object({
  status: z.enum(paymentStatuses, { error: 'Неизвестный статус платежа' }).optional(),
  method: z.enum(paymentMethods, { error: 'Неизвестный способ оплаты' }).optional(),
  purchaseId: z.uuid({ error: 'Закупка не найдена' }).optional(),
  /** Dates of creation, inclusive, in Moscow time. */
  from: dateField.optional(),
  to: dateField.optional(),
  phone: z.string().trim().max(32).optional(),
  page: z.coerce.number({ error: 'Страница — целое число' }).int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce
    .number({ error: 'Размер страницы — целое число' })
    .int()
    .min(1)
    .max(100, 'Не больше 100 строк на странице')
    .default(20),
});
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentPageSchema = z.object({
  items: z.array(adminPaymentSchema),
  total: z.number().int(),
  /**
   * Of the whole filtered set: the money received (succeeded and refunded payments, refunds shown
   * apart), the money still awaited (open payments); canceled and rejected payments count in neither.
   */
  totals: z.object({ receivedKopecks: z.number().int(), pendingKopecks: z.number().int(), refundedKopecks: z.number().int() }),
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const refundDestinations = ['money', 'bonus'] as const;
export type RefundDestination = (typeof refundDestinations)[number];
export const refundDestinationTitles: Record<RefundDestination, string> = { money: 'Деньгами', bonus: 'На бонусный счёт' };

/**
 * A refund is recorded before the provider is asked (docs/decisions/024): pending — written, the
 * provider's answer not yet known (its sum is taken from what is left to refund); succeeded — the money
 * went back; failed — the provider refused, the sum is free to refund again.
 */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * Where the shop and the payment provider disagree, for the admin on «Оплаты»: a refund the provider
 * has not confirmed for too long, a refund the provider refused after the admin had left, a refund at
 * the provider the shop has no record of, an online payment still waiting past its window.
 */
export const paymentDifferenceTypes = ['refund_pending', 'refund_failed', 'refund_unknown', 'payment_pending'] as const;
export type PaymentDifferenceType = (typeof paymentDifferenceTypes)[number];
export const paymentDifferenceTitles: Record<PaymentDifferenceType, string> = {
  refund_pending: 'Возврат не подтверждён платёжным сервисом',
  refund_failed: 'Платёжный сервис отказал в возврате',
  refund_unknown: 'Возврат у платёжного сервиса, которого нет в магазине',
  payment_pending: 'Онлайн-оплата ждёт ответа дольше срока',
};
export const paymentDifferenceSchema = z.object({
  type: z.enum(paymentDifferenceTypes),
  paymentId: z.uuid(),
  paymentNumber: z.number().int(),
  amountKopecks: z.number().int(),
  /** When the refund or payment was made (the provider's moment for a refund only it knows). */
  at: z.string(),
  providerRefundId: z.string().nullable(),
  /** What happened and what to do, in a sentence for the admin. */
  description: z.string(),
});
export type PaymentDifference = z.infer<typeof paymentDifferenceSchema>;

const commentField = z.string({ error: 'Комментарий должен быть текстом' }).trim().max(500, 'Комментарий — не больше 500 символов');

export const confirmPaymentBodySchema = z.object({ comment: commentField.default('') });
export const rejectReceiptBodySchema = z.object({
  reason: z
    .string({ error: 'Укажите причину' })
    .trim()
    .min(1, 'Укажите причину, клиент её увидит')
    .max(500, 'Причина — не больше 500 символов'),
});
export const cancelPaymentBodySchema = z.object({ reason: commentField.default('') });
export const refundPaymentBodySchema = z.object({
  /** Only this order's part; the whole payment when absent. */
  orderId: z.uuid({ error: 'Заказ не найден' }).optional(),
  comment: commentField.default(''),
  /** money — back the way it came (the bonus part to bonuses); bonus — all of it to the client's bonus account. */
  to: z.enum(refundDestinations, { error: 'Куда вернуть: money или bonus' }).default('money'),
});
/** A payment an order's refund due can go back from: its part of the order not yet returned. */
export const refundDueSourceSchema = z.object({
  paymentId: z.uuid(),
  number: z.number().int(),
  method: z.enum(paymentMethods),
  /** Online payments go back through the payment service; transfers and cash by hand. */
  isOnline: z.boolean(),
  paidAt: z.string().nullable(),
  /** What of this order is still in the payment. */
  refundableKopecks: z.number().int(),
  /** What of the refund due goes back from this payment: newest payments first. */
  refundKopecks: z.number().int(),
});
export type RefundDueSource = z.infer<typeof refundDueSourceSchema>;

/**
 * Money the shop owes a client: an order paid beyond its total (goods that did not arrive, a lower
 * fee), or a canceled order holding money (all of it goes back).
 */
export const refundDueSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  /** Canceled (with its purchase): everything paid for it is due, not only the part beyond its total. */
  isCanceled: z.boolean(),
  purchaseId: z.uuid(),
  purchaseTitle: z.string(),
  clientName: z.string(),
  phone: z.string(),
  totalKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  refundDueKopecks: z.number().int(),
  payments: z.array(refundDueSourceSchema),
});
export type RefundDue = z.infer<typeof refundDueSchema>;

/**
 * Whether money goes back by hand, so the admin must say in a comment how and where: some of it goes
 * back as money (not to the bonus account) from a payment the payment service does not return (a
 * transfer, cash). The one rule of a payment's refund, a refund due and the web's confirm alike.
 */
export function isRefundByHand(to: RefundDestination, sources: readonly Pick<RefundDueSource, 'refundKopecks' | 'isOnline'>[]): boolean {
  return to === 'money' && sources.some((s) => s.refundKopecks > 0 && !s.isOnline);
}

export const REFUND_BY_HAND_COMMENT_MESSAGE = 'Укажите комментарий: как и куда вернули деньги';
/** The body of a refund that goes back by hand (isRefundByHand): the comment is required. */
export const refundByHandBodySchema = z.object({ comment: commentField.min(1, REFUND_BY_HAND_COMMENT_MESSAGE) });

export const refundDueParamsSchema = z.object({ orderId: z.uuid({ error: 'Заказ не найден' }) });
export const refundDueBodySchema = z.object({
  comment: commentField.default(''),
  /** money — back the way it came (the bonus part to bonuses); bonus — all of it to the client's bonus account. */
  to: z.enum(refundDestinations, { error: 'Куда вернуть: money или bonus' }).default('money'),
});

/** What a refund due did: the order's money afterwards and what went back from each payment. */
export const refundDueResultSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  refundedKopecks: z.number().int(),
  totalKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  refundDueKopecks: z.number().int(),
  payments: z.array(z.object({ paymentId: z.uuid(), number: z.number().int(), amountKopecks: z.number().int() })),
});
export type RefundDueResult = z.infer<typeof refundDueResultSchema>;

export const cashPaymentBodySchema = z.object({ orderId: z.uuid({ error: 'Заказ не найден' }), comment: commentField.default('') });

export const paymentExportQuerySchema = z
  .object({
    purchaseId: z.uuid({ error: 'Закупка не найдена' }).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
  })
  .refine((q) => q.purchaseId || (q.from && q.to), { message: 'Выберите закупку или период', path: ['purchaseId'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Начало периода позже конца', path: ['from'] });
export type PaymentExportQuery = z.input<typeof paymentExportQuerySchema>;

/** The built-in test provider's payment, for its local page «Тестовая оплата». */
export const sandboxPaymentSchema = z.object({
  id: z.string(),
  amountKopecks: z.number().int(),
  description: z.string(),
  method: z.enum(['card', 'sbp']),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  returnUrl: z.string(),
});
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;
export const sandboxIdParamsSchema = z.object({ id: z.string().regex(/^sb_[0-9a-f-]{36}$/, 'Платёж не найден') });
export const sandboxDecisionBodySchema = z.object({ decision: z.enum(['pay', 'decline'], { error: 'Решение — pay или decline' }) });

/** YooKassa's notification; only the object's id is used, the rest is read again from YooKassa. */
export const yookassaNotificationSchema = z.looseObject({
  type: z.string(),
  event: z.string(),
  object: z.looseObject({ id: z.string().min(1).max(64) }),
});
