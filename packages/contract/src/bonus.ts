import { z } from 'zod';
import { phoneField } from './auth.js';
import { hasAtMostTwoDecimals } from './money.js';
import { bonusEntryKinds, cashbackMoments, BONUS_EXPIRY_MAX_DAYS, BONUS_MANUAL_MAX_KOPECKS } from './bonus-rules.js';

export * from './bonus-rules.js';

const percentField = (what: string) =>
  z
    .number({ error: `${what} — число от 0 до 100` })
    .min(0, `${what} — от 0 до 100`)
    .max(100, `${what} — от 0 до 100`)
    .refine(hasAtMostTwoDecimals, `${what} — не более двух знаков после запятой`);

export const bonusSettingsBodySchema = z.object({
  defaultPercent: percentField('Кешбэк по умолчанию'),
  referralPercent: percentField('Процент за приглашённого друга'),
  spendCapPercent: percentField('Доля оплаты бонусами'),
  creditOn: z.enum(cashbackMoments, { error: 'Выберите, когда начислять кешбэк' }),
  /** null — bonuses never expire. */
  expiryDays: z
    .number({ error: 'Срок жизни бонусов — целое число дней' })
    .int('Срок жизни бонусов — целое число дней')
    .min(1, 'Срок жизни бонусов — от 1 дня')
    .max(BONUS_EXPIRY_MAX_DAYS, `Срок жизни бонусов — не больше ${BONUS_EXPIRY_MAX_DAYS} дней`)
    .nullable(),
});
export type BonusSettingsBody = z.input<typeof bonusSettingsBodySchema>;

export const bonusSettingsSchema = bonusSettingsBodySchema.extend({
  /**
   * When this version took effect; orders paid (and bonuses credited) from then on follow it. Null for
   * the shop's own defaults, in force from its opening until the first saved version.
   */
  since: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type BonusSettings = z.infer<typeof bonusSettingsSchema>;

export const bonusSettingsPageSchema = z.object({ current: bonusSettingsSchema, history: z.array(bonusSettingsSchema) });
export type BonusSettingsPage = z.infer<typeof bonusSettingsPageSchema>;

/** One ledger row as its owner and the admin read it. */
export const bonusEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  kind: z.enum(bonusEntryKinds),
  /** Signed: credits positive, debits negative. */
  amountKopecks: z.number().int(),
  /** A reversal capped at the balance: what could not be taken back and was written off. */
  writtenOffKopecks: z.number().int(),
  /** «Кешбэк 5 % за заказ №12», «Платёж №7 отменён: бонусы вернулись». */
  description: z.string(),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  paymentId: z.uuid().nullable(),
  paymentNumber: z.number().int().nullable(),
  comment: z.string(),
});
export type BonusEntry = z.infer<typeof bonusEntrySchema>;

export const bonusHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'Страница — целое число' }).int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number({ error: 'Размер страницы — целое число' }).int().min(1).max(100, 'Не больше 100 строк').default(20),
});
export const bonusHistoryPageSchema = z.object({ items: z.array(bonusEntrySchema), total: z.number().int() });

/** The client's bonus page at a glance. */
export const myBonusSchema = z.object({
  balanceKopecks: z.number().int(),
  /** The bonuses that expire soonest and when; null when nothing expires. */
  expiring: z.object({ amountKopecks: z.number().int(), at: z.string() }).nullable(),
  cashbackPercent: z.number(),
  isCustomPercent: z.boolean(),
  creditOn: z.enum(cashbackMoments),
  spendCapPercent: z.number(),
  referral: z.object({
    code: z.string(),
    referralPercent: z.number(),
    friendsCount: z.number().int(),
    earnedKopecks: z.number().int(),
  }),
});
export type MyBonus = z.infer<typeof myBonusSchema>;

const commentField = z
  .string({ error: 'Комментарий — текст' })
  .trim()
  .min(1, 'Напишите комментарий: клиент увидит его в истории')
  .max(300, 'Комментарий — не больше 300 символов');

export const manualBonusBodySchema = z.object({
  phone: phoneField,
  /** Signed kopecks: a credit positive, a debit negative. */
  amountKopecks: z
    .number({ error: 'Сумма — целое число копеек' })
    .int('Сумма — целое число копеек')
    .refine((v) => v !== 0, 'Сумма не может быть нулевой')
    .refine((v) => Math.abs(v) <= BONUS_MANUAL_MAX_KOPECKS, 'Не больше 1 000 000 бонусов за раз'),
  comment: commentField,
});
export type ManualBonusBody = z.input<typeof manualBonusBodySchema>;

export const bonusClientQuerySchema = z.object({ phone: phoneField });
/** A client as the admin's manual accrual form finds them: who, the balance and the latest rows. */
export const bonusClientSchema = z.object({
  userId: z.uuid(),
  phone: z.string(),
  name: z.string(),
  balanceKopecks: z.number().int(),
  customPercent: z.number().nullable(),
  recent: z.array(bonusEntrySchema),
});
export type BonusClient = z.infer<typeof bonusClientSchema>;

/** One row of an uploaded accrual table as it was read. */
export const bonusUploadRowSchema = z.object({
  /** The row's number in the file, as Excel shows it. */
  line: z.number().int(),
  phone: z.string(),
  clientName: z.string().nullable(),
  amountKopecks: z.number().int().nullable(),
  comment: z.string(),
  error: z.string().nullable(),
  /** The earlier line this row repeats (same phone, amount and comment): an error, never applied. */
  duplicateOf: z.number().int().nullable(),
});
export type BonusUploadRow = z.infer<typeof bonusUploadRowSchema>;

export const bonusUploadPreviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(bonusUploadRowSchema),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  /** Rows repeating an earlier row; counted among the errors too. */
  duplicateCount: z.number().int(),
  creditKopecks: z.number().int(),
  debitKopecks: z.number().int(),
  /** The same rows were applied before (whatever the file's format, line ends or row order): applying again changes nothing. */
  alreadyApplied: z.object({ id: z.uuid(), at: z.string() }).nullable(),
});
export type BonusUploadPreview = z.infer<typeof bonusUploadPreviewSchema>;

export const bonusUploadSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  at: z.string(),
  actorName: z.string().nullable(),
  fileName: z.string(),
  rowsCount: z.number().int(),
  creditKopecks: z.number().int(),
  debitKopecks: z.number().int(),
});
export type BonusUpload = z.infer<typeof bonusUploadSchema>;

/** What applying a file did; `isRepeat` — it had been applied before and nothing changed now. */
export const bonusUploadResultSchema = z.object({ upload: bonusUploadSchema, isRepeat: z.boolean() });
export type BonusUploadResult = z.infer<typeof bonusUploadResultSchema>;

export const bonusUploadEntrySchema = bonusEntrySchema.extend({ phone: z.string(), clientName: z.string() });
export const bonusUploadDetailsSchema = bonusUploadSchema.extend({ entries: z.array(bonusUploadEntrySchema) });
export type BonusUploadDetails = z.infer<typeof bonusUploadDetailsSchema>;

export const bonusUploadIdParamsSchema = z.object({ id: z.uuid({ error: 'Загрузка не найдена' }) });

export const bonusLedgerCheckSchema = z.object({
  checkedAccounts: z.number().int(),
  ledgerRows: z.number().int(),
  differences: z.array(
    z.object({ userId: z.uuid(), phone: z.string(), balanceKopecks: z.number().int(), ledgerKopecks: z.number().int() }),
  ),
});
export type BonusLedgerCheck = z.infer<typeof bonusLedgerCheckSchema>;

export const excludedPurchasesQuerySchema = z.object({
  q: z.string().trim().max(100, 'Запрос — не больше 100 символов').optional(),
  onlyExcluded: z
    .enum(['true', 'false'], { error: 'onlyExcluded — true или false' })
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number({ error: 'Страница — целое число' }).int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number({ error: 'Размер страницы — целое число' }).int().min(1).max(100, 'Не больше 100 строк').default(20),
});
export const cashbackPurchaseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  supplier: z.string(),
  status: z.string(),
  isCashbackExcluded: z.boolean(),
  createdAt: z.string(),
});
export type CashbackPurchase = z.infer<typeof cashbackPurchaseSchema>;
export const cashbackPurchasePageSchema = z.object({ items: z.array(cashbackPurchaseSchema), total: z.number().int() });
export const purchaseExclusionParamsSchema = z.object({ id: z.uuid({ error: 'Закупка не найдена' }) });
export const purchaseExclusionBodySchema = z.object({ isExcluded: z.boolean({ error: 'isExcluded — true или false' }) });

export const customRatesQuerySchema = z.object({ q: z.string().trim().max(100, 'Запрос — не больше 100 символов').optional() });
export const customRateSchema = z.object({
  userId: z.uuid(),
  phone: z.string(),
  name: z.string(),
  percent: z.number(),
  updatedAt: z.string(),
});
export type CustomRate = z.infer<typeof customRateSchema>;

const customPercentField = z
  .number({ error: 'Процент кешбэка должен быть числом от 0 до 100' })
  .min(0, 'Процент кешбэка должен быть от 0 до 100')
  .max(100, 'Процент кешбэка должен быть от 0 до 100')
  .refine(hasAtMostTwoDecimals, 'Процент кешбэка указывается не более чем с двумя знаками после запятой');

export const customCashbackBodySchema = z.object({
  phone: phoneField,
  /** null clears the custom percent: the client gets the default one again. */
  percent: customPercentField.nullable(),
});
export type CustomCashbackBody = z.input<typeof customCashbackBodySchema>;

export const customCashbackResponseSchema = z.object({ percent: z.number().nullable() });
export const customCashbackSetResponseSchema = z.object({ phone: z.string(), percent: z.number().nullable() });
