import { z } from 'zod';
import { calendarDateField } from './dates.js';

/**
 * The clients report: one row per client (a phone with an account or with orders), the figures of
 * their orders, money and bonuses, filtered, sorted and paged on the server; weekly charts of the same
 * set; the set as XLSX.
 */

export const REPORT_PAGE_SIZES = [25, 50, 100] as const;
/** The weekly charts cover at most this many weeks, so a chart stays readable (two years). */
export const REPORT_MAX_WEEKS = 104;
/** Weeks the charts show when no period is chosen. */
export const REPORT_DEFAULT_WEEKS = 26;

export const clientReportSortKeys = [
  'phone',
  'name',
  'registeredAt',
  'ordersCount',
  'goodsKopecks',
  'paidKopecks',
  'dueKopecks',
  'bonusBalanceKopecks',
  'cashbackKopecks',
  'referralsCount',
  'lastOrderAt',
] as const;
export type ClientReportSortKey = (typeof clientReportSortKeys)[number];

/** Column titles, for the table, the XLSX header and the sort menu alike. */
export const clientReportColumnTitles: Record<ClientReportSortKey, string> = {
  phone: 'Телефон',
  name: 'Клиент',
  registeredAt: 'Регистрация',
  ordersCount: 'Заказов',
  goodsKopecks: 'Товары',
  paidKopecks: 'Оплачено',
  dueKopecks: 'Долг',
  bonusBalanceKopecks: 'Бонусы',
  cashbackKopecks: 'Кешбэк',
  referralsCount: 'Друзей',
  lastOrderAt: 'Последний заказ',
};

const dateField = calendarDateField();

/** The filters every report call takes; dates are days in Moscow time, inclusive. */
export const clientReportFilterSchema = z
  .object({
    from: dateField.optional(),
    to: dateField.optional(),
    purchaseId: z.uuid({ error: 'Закупка не найдена' }).optional(),
    /** A phone in any common form or a part of it, or a part of the name. */
    q: z.string().trim().max(100, 'Не больше 100 символов').optional(),
    onlyDue: z.enum(['true', 'false'], { error: 'onlyDue — true или false' }).optional(),
    sort: z.enum(clientReportSortKeys, { error: 'Неизвестная колонка для сортировки' }).default('lastOrderAt'),
    order: z.enum(['asc', 'desc'], { error: 'Порядок — asc или desc' }).default('desc'),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'Начало периода позже конца', path: ['from'] });
export type ClientReportFilter = z.output<typeof clientReportFilterSchema>;

export const clientReportQuerySchema = clientReportFilterSchema.and(
  z.object({
    page: z.coerce.number({ error: 'Страница — число' }).int().min(1, 'Страница — от 1').max(100_000).default(1),
    pageSize: z.coerce
      .number({ error: 'Строк на странице — 25, 50 или 100' })
      .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), 'Строк на странице — 25, 50 или 100')
      .default(25),
  }),
);

export const clientReportRowSchema = z.object({
  phone: z.string(),
  name: z.string(),
  /** When the account was made; null for a phone that has orders and no account yet. */
  registeredAt: z.string().nullable(),
  ordersCount: z.number().int(),
  goodsKopecks: z.number().int(),
  paidKopecks: z.number().int(),
  dueKopecks: z.number().int(),
  bonusBalanceKopecks: z.number().int(),
  cashbackKopecks: z.number().int(),
  referralsCount: z.number().int(),
  lastOrderAt: z.string().nullable(),
});
export type ClientReportRow = z.infer<typeof clientReportRowSchema>;

/** The sums of the whole filtered set, not only of the page. */
export const clientReportTotalsSchema = clientReportRowSchema
  .pick({
    ordersCount: true,
    goodsKopecks: true,
    paidKopecks: true,
    dueKopecks: true,
    bonusBalanceKopecks: true,
    cashbackKopecks: true,
    referralsCount: true,
  })
  .extend({ clients: z.number().int() });
export type ClientReportTotals = z.infer<typeof clientReportTotalsSchema>;

export const clientReportPageSchema = z.object({
  items: z.array(clientReportRowSchema),
  total: z.number().int(),
  totals: clientReportTotalsSchema,
});
export type ClientReportPage = z.infer<typeof clientReportPageSchema>;

/** One week of the charts: Monday (Moscow) it starts on, clients who signed up, money paid for orders. */
export const clientReportWeekSchema = z.object({
  weekStart: z.string(),
  newClients: z.number().int(),
  revenueKopecks: z.number().int(),
});
export const clientReportChartsSchema = z.object({
  from: z.string(),
  to: z.string(),
  weeks: z.array(clientReportWeekSchema),
});
export type ClientReportWeek = z.infer<typeof clientReportWeekSchema>;
export type ClientReportCharts = z.infer<typeof clientReportChartsSchema>;
