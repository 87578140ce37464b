import { z } from 'zod';
import { phoneField } from './auth.js';
import { formatMoney, MAX_ORDER_TOTAL_KOPECKS, MAX_UNIT_PRICE_KOPECKS } from './money.js';
import { formatNumber } from './number-format.js';
import { orderTotalsOf, paymentStates } from './order-money.js';
import { fulfilmentStatuses } from './fulfilment-statuses.js';
import { purchaseStatuses } from './purchases.js';

export * from './fulfilment-statuses.js';
export {
  clientPaymentStepOf,
  type ClientPaymentStep,
  dueOf,
  isOrderPayable,
  orderTotalsOf,
  payablePurchaseStatuses,
  type PaymentState,
  paymentStateOf,
  paymentStates,
  paymentStateTitles,
  refundDueOf,
} from './order-money.js';

/** Units of one line and lines of one order: far beyond any real order, refused beyond. */
export const MAX_LINE_QUANTITY = 10_000;
export const MAX_ORDER_LINES = 1_000;

/**
 * Longest product, article and options, in characters (code points, so «𝕏» counts once). The three go
 * into one btree index (order_lines_identity_unique) whose row may not pass ~2700 bytes: at 4 bytes a
 * character the worst case is (200 + 100 + 200) × 4 = 2000 bytes, well under it.
 */
export const orderLineTextLimits = { product: 200, article: 100, options: 200, clientName: 200 } as const;

/** Characters as people count them: a 4-byte «𝕏» or an emoji is one, not two UTF-16 units. */
export function charCount(text: string): number {
  return [...text].length;
}

function limitedText(limit: number, tooLong: string, notText: string) {
  return z
    .string({ error: notText })
    .trim()
    .refine((text) => charCount(text) <= limit, tooLong);
}

const productField = limitedText(
  orderLineTextLimits.product,
  `Товар — не больше ${orderLineTextLimits.product} символов`,
  'Укажите товар',
).refine((text) => text.length > 0, 'Укажите товар');
const articleField = limitedText(
  orderLineTextLimits.article,
  `Артикул — не больше ${orderLineTextLimits.article} символов`,
  'Артикул должен быть текстом',
);
const optionsField = limitedText(
  orderLineTextLimits.options,
  `Параметры — не больше ${orderLineTextLimits.options} символов`,
  'Параметры должны быть текстом',
);
const clientNameField = limitedText(
  orderLineTextLimits.clientName,
  `ФИО — не больше ${orderLineTextLimits.clientName} символов`,
  'Укажите ФИО клиента',
);
const quantityField = z
  .number({ error: 'Количество — целое положительное число' })
  .int('Количество — целое положительное число')
  .min(1, 'Количество — целое положительное число')
  .max(MAX_LINE_QUANTITY, `Количество — не больше ${formatNumber(MAX_LINE_QUANTITY)}`);
const unitPriceField = z
  .number({ error: 'Цена — сумма в копейках' })
  .int('Цена — сумма в копейках')
  .min(1, 'Цена должна быть больше нуля')
  .max(MAX_UNIT_PRICE_KOPECKS, `Цена — не больше ${formatMoney(MAX_UNIT_PRICE_KOPECKS)}`);

/** One field each, so the orders import checks its cells by the very rules of a hand-made order. */
export const orderLineFields = {
  product: productField,
  article: articleField,
  options: optionsField,
  clientName: clientNameField,
  quantity: quantityField,
  unitPriceKopecks: unitPriceField,
};

/** Why an order of these goods is over the limit (its total with the fee), or null. Goods first, so the product stays exact. */
export function orderTotalLimitErrorOf(goodsKopecks: number, organizerFeeBasisPoints: number): string | null {
  const tooMuch = `Заказ дороже ${formatMoney(MAX_ORDER_TOTAL_KOPECKS)} вместе с наценкой: разделите его`;
  if (goodsKopecks > MAX_ORDER_TOTAL_KOPECKS) return tooMuch;
  return orderTotalsOf(goodsKopecks, organizerFeeBasisPoints).totalKopecks > MAX_ORDER_TOTAL_KOPECKS ? tooMuch : null;
}

export const orderLineInputSchema = z.object({
  product: productField,
  article: articleField.default(''),
  options: optionsField.default(''),
  quantity: quantityField,
  unitPriceKopecks: unitPriceField,
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

const linesField = (empty: string) =>
  z
    .array(orderLineInputSchema, { error: 'Добавьте товары заказа' })
    .min(1, empty)
    .max(MAX_ORDER_LINES, `Не больше ${formatNumber(MAX_ORDER_LINES)} строк в заказе`)
    // Goods within the limit: the fee is the purchase's, so the total with it is checked by the server.
    .refine((lines) => lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKopecks, 0) <= MAX_ORDER_TOTAL_KOPECKS, {
      message: `Заказ дороже ${formatMoney(MAX_ORDER_TOTAL_KOPECKS)}: разделите его`,
    });

export const createOrderBodySchema = z.object({
  purchaseId: z.uuid({ error: 'Закупка не найдена' }),
  phone: phoneField,
  clientName: clientNameField.default(''),
  lines: linesField('Добавьте хотя бы один товар'),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const updateOrderBodySchema = z.object({
  clientName: clientNameField.optional(),
  lines: linesField('В заказе должен остаться хотя бы один товар').optional(),
});
export type UpdateOrderBody = z.input<typeof updateOrderBodySchema>;

export const orderIdParamsSchema = z.object({ id: z.uuid({ error: 'Заказ не найден' }) });

export const orderLineSchema = z.object({
  id: z.uuid(),
  product: z.string(),
  article: z.string(),
  options: z.string(),
  quantity: z.number().int(),
  unitPriceKopecks: z.number().int(),
  /** What the line costs now: the units that arrived, or all of them until the goods are received. */
  totalKopecks: z.number().int(),
  /** Units the warehouse received; null until the line is received. */
  arrivedQuantity: z.number().int().nullable(),
  /** Units that did not arrive: they are not charged, and money paid for them is refunded. */
  missingQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const orderPurchaseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(purchaseStatuses),
  paymentDeadline: z.string().nullable(),
  /** A card is bound for transfers: without one, only online methods are offered. */
  hasTransferCard: z.boolean(),
});

export const orderPaymentProblemSchema = z.object({ status: z.enum(['rejected', 'canceled']), reason: z.string() });

export const orderSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  purchase: orderPurchaseSchema,
  phone: z.string(),
  clientName: z.string(),
  hasAccount: z.boolean(),
  isCanceled: z.boolean(),
  lines: z.array(orderLineSchema),
  goodsKopecks: z.number().int(),
  organizerFeePercent: z.number(),
  organizerFeeKopecks: z.number().int(),
  totalKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  dueKopecks: z.number().int(),
  /** Paid beyond the total (goods that did not arrive): money the shop owes back. */
  refundDueKopecks: z.number().int(),
  /** Due now: something is owed and the purchase takes payments (see isOrderPayable). */
  isPayable: z.boolean(),
  /** The open payment holding the order, whoever started it: online and not finished, or a receipt on check. */
  openPaymentStatus: z.enum(['pending', 'awaiting_check']).nullable(),
  /** Why the order's latest payment failed (a rejected receipt, say), while the order still owes: shown beside it until paid. */
  paymentProblem: orderPaymentProblemSchema.nullable(),
  paymentState: z.enum(paymentStates),
  fulfilmentStatus: z.enum(fulfilmentStatuses),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** What a link holder sees: the same order with the phone masked and the name reduced (Мария И.). */
export const publicOrderSchema = orderSchema.omit({ hasAccount: true });
export type PublicOrder = z.infer<typeof publicOrderSchema>;

export const orderListQuerySchema = z.object({
  purchaseId: z.uuid({ error: 'Закупка не найдена' }).optional(),
  phone: z.string().trim().max(32).optional(),
  paymentState: z.enum(paymentStates, { error: 'Неизвестное состояние оплаты' }).optional(),
  page: z.coerce.number().int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'Не больше 100 строк на странице').default(20),
});

export const myOrdersQuerySchema = z.object({
  state: z.enum(['unpaid', 'paid'], { error: 'Укажите state=unpaid или state=paid' }).optional(),
});

export const importRowSchema = z.object({
  rowNumber: z.number().int(),
  phone: z.string().nullable(),
  clientName: z.string(),
  product: z.string(),
  article: z.string(),
  options: z.string(),
  quantity: z.number().int().nullable(),
  unitPriceKopecks: z.number().int().nullable(),
  totalKopecks: z.number().int().nullable(),
  /** The account of this phone, when the phone is registered. */
  accountName: z.string().nullable(),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importOrderSummarySchema = z.object({
  phone: z.string(),
  clientName: z.string(),
  accountName: z.string().nullable(),
  linesCount: z.number().int(),
  goodsKopecks: z.number().int(),
  organizerFeeKopecks: z.number().int(),
  totalKopecks: z.number().int(),
});

export const importResultSchema = z.object({
  isApplied: z.boolean(),
  rowsCount: z.number().int(),
  errorsCount: z.number().int(),
  rows: z.array(importRowSchema),
  /** The clients' orders as apply leaves them: their stored lines with the file's. */
  orders: z.array(importOrderSummarySchema),
  goodsKopecks: z.number().int(),
  totalKopecks: z.number().int(),
  /** The file's lines: new to their order, changing a stored line's quantity or price, or the same as one. */
  linesAdded: z.number().int(),
  linesChanged: z.number().int(),
  linesUnchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of orders one import may hold; a longer file is split (ten thousand clients' lines fit many times). */
export const IMPORT_MAX_ROWS = 50_000;
export const importColumns = {
  phone: 'Телефон',
  clientName: 'ФИО',
  product: 'Товар',
  article: 'Артикул',
  options: 'Параметры',
  quantity: 'Количество',
  price: 'Цена',
} as const;

export const importOrdersQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun — true (только предпросмотр) или false' }).default('false'),
});

/** One step of an order's goods: who moved it, when, from where to where. */
export const fulfilmentEventSchema = z.object({
  fromStatus: z.enum(fulfilmentStatuses),
  toStatus: z.enum(fulfilmentStatuses),
  actorName: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type FulfilmentEvent = z.infer<typeof fulfilmentEventSchema>;

/** A step of a client's own order's goods, without who made it: the status reached and when (the admin's «Движение заказа» has the rest). */
export const myOrderStepSchema = z.object({
  orderId: z.uuid(),
  fromStatus: z.enum(fulfilmentStatuses),
  toStatus: z.enum(fulfilmentStatuses),
  createdAt: z.string(),
});
export type MyOrderStep = z.infer<typeof myOrderStepSchema>;
