import { z } from 'zod';
import { phoneField } from './auth.js';
import { purchaseStatuses } from './purchases.js';
export { dueOf, isOrderPayable, orderTotalsOf, payablePurchaseStatuses, paymentStateOf, refundDueOf } from './order-money.js';

export const paymentStates = ['unpaid', 'partially_paid', 'paid'] as const;
export type PaymentState = (typeof paymentStates)[number];
export const paymentStateTitles: Record<PaymentState, string> = {
  unpaid: 'Не оплачен',
  partially_paid: 'Доплата',
  paid: 'Оплачен',
};

export const fulfilmentStatuses = ['awaiting_goods', 'arrived', 'packed', 'shipped', 'ready_for_pickup', 'delivered'] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];
export const fulfilmentStatusTitles: Record<FulfilmentStatus, string> = {
  awaiting_goods: 'Ожидает поступления',
  arrived: 'На складе',
  packed: 'Упакован',
  shipped: 'Отправлен',
  ready_for_pickup: 'Готов к выдаче',
  delivered: 'Получен',
};

export const orderLineInputSchema = z.object({
  product: z.string({ error: 'Укажите товар' }).trim().min(1, 'Укажите товар').max(300, 'Товар — не больше 300 символов'),
  article: z.string({ error: 'Артикул должен быть текстом' }).trim().max(100, 'Артикул — не больше 100 символов').default(''),
  options: z.string({ error: 'Параметры должны быть текстом' }).trim().max(300, 'Параметры — не больше 300 символов').default(''),
  quantity: z
    .number({ error: 'Количество — целое положительное число' })
    .int('Количество — целое положительное число')
    .min(1, 'Количество — целое положительное число')
    .max(10000, 'Количество — не больше 10000'),
  unitPriceKopecks: z
    .number({ error: 'Цена — сумма в копейках' })
    .int('Цена — сумма в копейках')
    .min(1, 'Цена должна быть больше нуля')
    .max(100_000_000_00, 'Слишком большая цена'),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

export const createOrderBodySchema = z.object({
  purchaseId: z.uuid({ error: 'Закупка не найдена' }),
  phone: phoneField,
  clientName: z.string({ error: 'Укажите ФИО клиента' }).trim().max(200, 'ФИО — не больше 200 символов').default(''),
  lines: z
    .array(orderLineInputSchema, { error: 'Добавьте товары заказа' })
    .min(1, 'Добавьте хотя бы один товар')
    .max(500, 'Не больше 500 строк в заказе'),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const updateOrderBodySchema = z.object({
  clientName: z.string().trim().max(200, 'ФИО — не больше 200 символов').optional(),
  lines: z
    .array(orderLineInputSchema)
    .min(1, 'В заказе должен остаться хотя бы один товар')
    .max(500, 'Не больше 500 строк в заказе')
    .optional(),
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
  orders: z.array(importOrderSummarySchema),
  goodsKopecks: z.number().int(),
  totalKopecks: z.number().int(),
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
