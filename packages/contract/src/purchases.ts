import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money.js';
import { patchOf } from './schema-helpers.js';
import { calendarDateField } from './dates.js';
import { purchaseStatuses } from './purchase-statuses.js';

export * from './purchase-statuses.js';

const percentField = z
  .number({ error: 'Оргсбор должен быть числом от 0 до 100' })
  .min(0, 'Оргсбор должен быть от 0 до 100 %')
  .max(100, 'Оргсбор должен быть от 0 до 100 %')
  .refine(hasAtMostTwoDecimals, 'Оргсбор указывается не более чем с двумя знаками после запятой');

const dateField = calendarDateField();

export const purchaseBodySchema = z.object({
  title: z
    .string({ error: 'Укажите название закупки' })
    .trim()
    .min(1, 'Укажите название закупки')
    .max(200, 'Название закупки — не больше 200 символов'),
  description: z.string({ error: 'Описание должно быть текстом' }).trim().max(5000, 'Описание — не больше 5000 символов').default(''),
  supplier: z.string({ error: 'Поставщик должен быть текстом' }).trim().max(200, 'Поставщик — не больше 200 символов').default(''),
  organizerFeePercent: percentField.default(0),
  paymentDeadline: dateField.nullable().default(null),
  cardId: z.uuid({ error: 'Карта не найдена' }).nullable().default(null),
  isCashbackExcluded: z.boolean({ error: 'Признак должен быть true или false' }).default(false),
  showOnMain: z.boolean({ error: 'Признак должен быть true или false' }).default(false),
  mainOrder: z
    .number({ error: 'Порядок — целое число' })
    .int('Порядок — целое число')
    .min(0, 'Порядок — от 0')
    .max(100000, 'Порядок — до 100000')
    .default(0),
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

export const purchasePatchSchema = patchOf(purchaseBodySchema);

/** What a purchase's audit rows record (purchase_events): so far, the explicit fee change. */
export const purchaseEventActions = ['fee_changed'] as const;

/** The explicit change of the organizer fee: `dryRun` only works out what it would move. */
export const purchaseFeeBodySchema = z.object({
  organizerFeePercent: percentField,
  reason: z.string({ error: 'Причина должна быть текстом' }).trim().max(500, 'Причина — не больше 500 символов').default(''),
  dryRun: z.boolean({ error: 'dryRun — true (только расчёт) или false' }).default(false),
});

/**
 * What a fee change moves, over the purchase's live orders: their totals before and after, the
 * orders that get money due again (paid, and now cost more) and the orders that get a refund due
 * (paid, and now cost less), with the kopecks of each.
 */
export const purchaseFeeChangeSchema = z.object({
  purchaseId: z.uuid(),
  isApplied: z.boolean(),
  feeBeforePercent: z.number(),
  feeAfterPercent: z.number(),
  ordersCount: z.number().int(),
  /** Orders whose total changes (an order of zero goods, or whose fee rounds the same, keeps its total). */
  changedOrdersCount: z.number().int(),
  totalBeforeKopecks: z.number().int(),
  totalAfterKopecks: z.number().int(),
  /** Paid orders that would owe again: how many, and the kopecks they would owe on top. */
  newlyDueOrdersCount: z.number().int(),
  newlyDueKopecks: z.number().int(),
  /** Paid orders that would be paid beyond their total: how many, and the kopecks then due back to clients. */
  refundDueOrdersCount: z.number().int(),
  refundDueKopecks: z.number().int(),
});
export type PurchaseFeeChange = z.infer<typeof purchaseFeeChangeSchema>;

/** A row of a purchase's audit log: who did what and why, with what an explicit fee change moved. */
export const purchaseEventSchema = z.object({
  id: z.uuid(),
  action: z.enum(purchaseEventActions),
  /** As the name was then; null for the system. */
  actorName: z.string().nullable(),
  feeBeforePercent: z.number().nullable(),
  feeAfterPercent: z.number().nullable(),
  figures: purchaseFeeChangeSchema.omit({ purchaseId: true, isApplied: true }).nullable(),
  comment: z.string(),
  createdAt: z.string(),
});
export type PurchaseEvent = z.infer<typeof purchaseEventSchema>;

export const purchaseStatusBodySchema = z.object({
  status: z.enum(purchaseStatuses, { error: 'Неизвестный статус закупки' }),
});

export const purchaseIdParamsSchema = z.object({ id: z.uuid({ error: 'Закупка не найдена' }) });

export const purchaseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  supplier: z.string(),
  status: z.enum(purchaseStatuses),
  organizerFeePercent: z.number(),
  paymentDeadline: z.string().nullable(),
  cardId: z.uuid().nullable(),
  isCashbackExcluded: z.boolean(),
  showOnMain: z.boolean(),
  mainOrder: z.number().int(),
  coverUrl: z.string().nullable(),
  coverThumbUrl: z.string().nullable(),
  ordersCount: z.number().int(),
  /** Kopecks still due over all active orders. */
  dueKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  /** Receiving at the warehouse: lines of the active orders, and how many of them are received. */
  linesCount: z.number().int(),
  receivedLinesCount: z.number().int(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseListQuerySchema = z.object({
  status: z.enum(purchaseStatuses, { error: 'Неизвестный статус закупки' }).optional(),
  search: z.string().trim().max(200).optional(),
  /** Only purchases that are not completed or canceled. */
  isOpen: z.enum(['true', 'false'], { error: 'isOpen — true или false' }).optional(),
  page: z.coerce.number({ error: 'Страница — целое число' }).int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce
    .number({ error: 'Размер страницы — целое число' })
    .int()
    .min(1)
    .max(100, 'Не больше 100 строк на странице')
    .default(20),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** A purchase as the main page shows it to anyone: its card and what opens from it. */
export const purchaseCoverSchema = purchaseSchema.pick({
  id: true,
  title: true,
  description: true,
  supplier: true,
  status: true,
  paymentDeadline: true,
  coverUrl: true,
  coverThumbUrl: true,
});
export type PurchaseCover = z.infer<typeof purchaseCoverSchema>;

export const COVER_MAX_BYTES = 5 * 1024 * 1024;

/** Stored cover names are random UUIDs; anything else is not a cover. */
export const coverFileParamsSchema = z.object({ name: z.string().regex(/^[a-f0-9-]+(-thumb)?\.webp$/, 'Файл не найден') });
/** `?w=`: the cover in the width a page shows it (for `srcset`); without it, the stored copy. */
export const COVER_SIZE_WIDTHS = ['320', '640', '960'] as const;
export const coverFileQuerySchema = z.object({
  w: z.enum(COVER_SIZE_WIDTHS, { error: 'Ширина обложки — 320, 640 или 960 пикселей' }).optional(),
});
