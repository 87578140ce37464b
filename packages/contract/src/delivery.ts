import { z } from 'zod';
import { cleanPointAddress } from './boxberry-words.js';
import { phoneField } from './auth.js';
import { calendarDateField } from './dates.js';
import { type DeliveryKind, deliveryKinds, deliveryKindTitles, invoiceStatuses } from './delivery-kinds.js';

export * from './delivery-kinds.js';

// The recipient

const personName = (label: string) =>
  z
    .string({ error: `Укажите ${label} получателя` })
    .trim()
    .min(1, `Укажите ${label} получателя`)
    .max(100, `Слишком длинное значение: не больше 100 символов`);

export const recipientBodySchema = z.object({
  phone: phoneField,
  name: personName('имя'),
  surname: personName('фамилию'),
});
export const recipientSchema = z.object({ phone: z.string(), name: z.string(), surname: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

/** The specification's rule: a recipient is valid only when phone, name and surname are all filled. */
export function isRecipientValid(recipient: Partial<Recipient> | null | undefined): boolean {
  return Boolean(recipient?.phone?.trim() && recipient.name?.trim() && recipient.surname?.trim());
}

// Addresses (DaData suggestions through our server)

export const ADDRESS_SUGGEST_MIN_CHARS = 1;
export const ADDRESS_SUGGEST_DELAY_MS = 300;

export const addressSuggestBodySchema = z.object({
  query: z
    .string({ error: 'Начните вводить адрес' })
    .trim()
    .min(ADDRESS_SUGGEST_MIN_CHARS, 'Начните вводить адрес')
    .max(300, 'Слишком длинный адрес'),
  count: z.number().int().min(1).max(20).default(10),
});

export const addressSuggestionSchema = z.object({
  value: z.string(),
  unrestrictedValue: z.string(),
  postalCode: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
  house: z.string().nullable(),
  flat: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const addressSuggestResultSchema = z.object({
  /** False when the shop has no DaData key: the field is a plain input. */
  isEnabled: z.boolean(),
  suggestions: z.array(addressSuggestionSchema),
});
export type AddressSuggestResult = z.infer<typeof addressSuggestResultSchema>;

export const courierAddressBodySchema = z.object({
  value: z
    .string({ error: 'Укажите адрес доставки' })
    .trim()
    .min(5, 'Укажите адрес доставки: город, улица, дом')
    .max(300, 'Слишком длинный адрес'),
  postalCode: z
    .string({ error: 'Укажите почтовый индекс' })
    .trim()
    .regex(/^\d{6}$/, 'Почтовый индекс — 6 цифр'),
  city: z.string({ error: 'Укажите город' }).trim().min(1, 'Укажите город').max(100, 'Слишком длинное название города'),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lon: z.number().min(-180).max(180).nullable().default(null),
  /** Квартира, подъезд, этаж — what the courier needs beyond the address. */
  details: z.string().trim().max(200, 'Не больше 200 символов').default(''),
});
export const courierAddressSchema = z.object({
  value: z.string(),
  postalCode: z.string(),
  city: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  details: z.string(),
});
export type CourierAddress = z.infer<typeof courierAddressSchema>;

// Boxberry points

/** A point's address as people read it, with its city once: «ул. Баумана, д. 12, Казань». */
export function pointAddressOf(point: { cityName: string; address: string }): string {
  return cleanPointAddress(point);
}

export const pickupPointSchema = z.object({
  code: z.string(),
  name: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  address: z.string(),
  workSchedule: z.string(),
  phone: z.string(),
  tripDescription: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  isPostamat: z.boolean(),
  deliveryPeriodDays: z.number().int().nullable(),
  mapUrl: z.string(),
});
export type PickupPoint = z.infer<typeof pickupPointSchema>;

export const deliveryCitySchema = z.object({ code: z.string(), name: z.string(), region: z.string(), pointsCount: z.number().int() });
export type DeliveryCity = z.infer<typeof deliveryCitySchema>;

export const pointsQuerySchema = z.object({
  cityCode: z.string({ error: 'Выберите город' }).trim().min(1, 'Выберите город').max(20),
  q: z.string().trim().max(100, 'Слишком длинный запрос').default(''),
});

// The client's saved delivery methods

const recipientField = recipientBodySchema;
export const deliveryMethodBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('boxberry'),
      pointCode: z.string({ error: 'Выберите пункт выдачи' }).trim().min(1, 'Выберите пункт выдачи').max(20),
      recipient: recipientField,
      isDefault: z.boolean().default(false),
    }),
    z.object({
      kind: z.literal('courier'),
      address: courierAddressBodySchema,
      recipient: recipientField,
      isDefault: z.boolean().default(false),
    }),
    z.object({ kind: z.literal('pickup'), recipient: recipientField, isDefault: z.boolean().default(false) }),
  ],
  { error: 'Выберите способ доставки' },
);
export type DeliveryMethodBody = z.input<typeof deliveryMethodBodySchema>;

export const deliveryMethodSchema = z.object({
  id: z.uuid(),
  kind: z.enum(deliveryKinds),
  isDefault: z.boolean(),
  recipient: recipientSchema,
  /** One line for lists: «ПВЗ Boxberry: Москва, ул. Тверская, д. 7». */
  title: z.string(),
  point: pickupPointSchema.nullable(),
  address: courierAddressSchema.nullable(),
  /** A point the logistician switched off, or one Boxberry closed: the method needs another point. */
  unavailableReason: z.string().nullable(),
});
export type DeliveryMethodView = z.infer<typeof deliveryMethodSchema>;

export const deliveryMethodIdParamsSchema = z.object({ id: z.uuid({ error: 'Способ доставки не найден' }) });

// Parcels as the client sees them, and delivery invoices

export const deliveryParcelStatuses = ['packed', 'invoiced', 'paid', 'shipped', 'ready_for_pickup', 'delivered'] as const;

export const deliveryInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  parcelId: z.uuid(),
  parcelNumber: z.number().int(),
  kind: z.enum(deliveryKinds),
  destination: z.string(),
  weightGrams: z.number().int(),
  priceKopecks: z.number().int(),
  /** What the price list says; differs from the price when the logistician set it by hand. */
  listPriceKopecks: z.number().int().nullable(),
  comment: z.string(),
  status: z.enum(invoiceStatuses),
  paidKopecks: z.number().int(),
  dueKopecks: z.number().int(),
  /** Held by a payment that has not finished (online page open, or a transfer receipt on check). */
  isInPayment: z.boolean(),
  orderNumbers: z.array(z.number().int()),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DeliveryInvoice = z.infer<typeof deliveryInvoiceSchema>;

export const shipmentSchema = z.object({
  track: z.string(),
  trackingUrl: z.string(),
  statusName: z.string().nullable(),
  statusAt: z.string().nullable(),
  history: z.array(z.object({ at: z.string(), name: z.string() })),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const clientParcelSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(deliveryParcelStatuses),
  kind: z.enum(deliveryKinds),
  destination: z.string(),
  recipient: recipientSchema,
  weightGrams: z.number().int(),
  orderNumbers: z.array(z.number().int()),
  invoice: deliveryInvoiceSchema.nullable(),
  shipment: shipmentSchema.nullable(),
  /** Until the delivery is paid the client may send the parcel another way. */
  canChangeMethod: z.boolean(),
  packedAt: z.string(),
});
export type ClientParcel = z.infer<typeof clientParcelSchema>;

export const changeParcelMethodBodySchema = z.object({ methodId: z.uuid({ error: 'Выберите способ доставки' }) });
export const deliveryParcelIdParamsSchema = z.object({ id: z.uuid({ error: 'Посылка не найдена' }) });
export const invoiceIdParamsSchema = z.object({ id: z.uuid({ error: 'Счёт не найден' }) });

// The logistician

export const logisticsStages = ['awaiting_invoice', 'invoiced', 'to_ship', 'shipped', 'stalled', 'ready_for_pickup', 'delivered'] as const;
export type LogisticsStage = (typeof logisticsStages)[number];
export const logisticsStageTitles: Record<LogisticsStage, string> = {
  awaiting_invoice: 'Ждут счёта',
  invoiced: 'Счёт не оплачен',
  to_ship: 'К отправке',
  shipped: 'В пути',
  stalled: 'Статус не меняется',
  ready_for_pickup: 'Ждут самовывоза',
  delivered: 'Доставлены',
};
/** A shipment whose Boxberry status has not changed for this many days needs a look. */
export const STALLED_SHIPMENT_DAYS = 5;

export const logisticsSummarySchema = z.object({
  awaitingInvoice: z.number().int(),
  invoiced: z.number().int(),
  /** The oldest unpaid invoice's age in days, or null. */
  oldestUnpaidDays: z.number().int().nullable(),
  toShip: z.number().int(),
  stalled: z.number().int(),
  stalledDays: z.number().int(),
  shipped: z.number().int(),
  readyForPickup: z.number().int(),
});
export type LogisticsSummary = z.infer<typeof logisticsSummarySchema>;

export const logisticsParcelSchema = clientParcelSchema.extend({
  clientName: z.string(),
  phone: z.string(),
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
  /** The price list's price for this parcel today, or null when no tariff covers it. */
  quotedPriceKopecks: z.number().int().nullable(),
  /** Self-pickup that the price list makes free: nothing to invoice. */
  needsInvoice: z.boolean(),
  lastCheckedAt: z.string().nullable(),
});
export type LogisticsParcel = z.infer<typeof logisticsParcelSchema>;

export const logisticsParcelsQuerySchema = z.object({
  stage: z.enum(logisticsStages, { error: 'Неизвестный этап' }).default('awaiting_invoice'),
  q: z.string().trim().max(100, 'Слишком длинный запрос').default(''),
  page: z.coerce.number().int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'Не больше 100 строк на странице').default(50),
});

const kopecksField = z
  .number({ error: 'Укажите цену в копейках' })
  .int('Цена — целое число копеек')
  .min(0, 'Цена не может быть отрицательной')
  .max(10_000_000, 'Слишком большая цена: не больше 100 000 ₽');

export const createInvoicesBodySchema = z
  .object({
    parcelIds: z
      .array(z.uuid({ error: 'Посылка не найдена' }), { error: 'Выберите посылки' })
      .min(1, 'Выберите посылки')
      .max(200, 'Не больше 200 посылок за раз')
      .refine((ids) => new Set(ids).size === ids.length, 'Посылка выбрана дважды'),
    /** The logistician's own price instead of the price list's, with a reason. */
    priceKopecks: kopecksField.nullable().default(null),
    comment: z.string().trim().max(300, 'Комментарий — не больше 300 символов').default(''),
  })
  .refine((b) => b.priceKopecks === null || b.comment.length > 0, {
    message: 'Напишите, почему цена отличается от прайс-листа',
    path: ['comment'],
  });
export type CreateInvoicesBody = z.input<typeof createInvoicesBodySchema>;
export const createInvoicesResultSchema = z.object({ invoices: z.array(deliveryInvoiceSchema) });

// Pickup points in the back office, and their sync

export const adminPointSchema = pickupPointSchema.extend({
  isEnabled: z.boolean(),
  onlyPrepaidOrders: z.boolean(),
  syncedAt: z.string(),
});
export type AdminPoint = z.infer<typeof adminPointSchema>;
export const adminPointsQuerySchema = z.object({
  cityCode: z.string().trim().max(20).default(''),
  q: z.string().trim().max(100, 'Слишком длинный запрос').default(''),
  enabled: z.enum(['all', 'on', 'off'], { error: 'Фильтр — all, on или off' }).default('all'),
  page: z.coerce.number().int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'Не больше 200 строк на странице').default(50),
});
export const adminCitySchema = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  pointsCount: z.number().int(),
  enabledCount: z.number().int(),
});
export type AdminCity = z.infer<typeof adminCitySchema>;
export const pointCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(20, 'Пункт выдачи не найден') });
export const setPointEnabledBodySchema = z.object({ isEnabled: z.boolean({ error: 'Укажите, включён ли пункт' }) });

export const pointsSyncSchema = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'succeeded', 'failed']),
  trigger: z.enum(['manual', 'nightly']),
  citiesTotal: z.number().int(),
  citiesDone: z.number().int(),
  pointsCount: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedByName: z.string().nullable(),
});
export type PointsSync = z.infer<typeof pointsSyncSchema>;

// Boxberry settings

/**
 * How the shop reaches Boxberry: `token` — Boxberry itself with the saved token; `demo` — no token
 * outside production, the built-in emulator with demo data; `off` — no token in production, so no
 * points, no shipping (a production start never talks to a fake Boxberry).
 */
export const boxberryModes = ['token', 'demo', 'off'] as const;
export type BoxberryMode = (typeof boxberryModes)[number];

export const boxberrySettingsSchema = z.object({
  /** «••••••••a1b2»: the token never leaves the server whole. */
  tokenMasked: z.string().nullable(),
  mode: z.enum(boxberryModes),
  /** No token: the shop talks to its built-in Boxberry emulator with demo data (`mode` is `demo`). */
  isDemo: z.boolean(),
  /** False when the server has no SECRETS_KEY (production): a token cannot be saved until it is set. */
  canSaveToken: z.boolean(),
  /** Whether the built-in emulator stands in without a token (outside production); otherwise Boxberry is off. */
  isEmulatorAvailable: z.boolean(),
  apiUrl: z.string(),
  senderPointCode: z.string().nullable(),
  senderPointTitle: z.string().nullable(),
  defaultLengthCm: z.number().int(),
  defaultWidthCm: z.number().int(),
  defaultHeightCm: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type BoxberrySettings = z.infer<typeof boxberrySettingsSchema>;

const dimension = (label: string) =>
  z
    .number({ error: `Укажите ${label} в сантиметрах` })
    .int(`${label[0]!.toUpperCase()}${label.slice(1)} — целое число сантиметров`)
    .min(1, `${label[0]!.toUpperCase()}${label.slice(1)} — от 1 см`)
    .max(300, `${label[0]!.toUpperCase()}${label.slice(1)} — не больше 300 см`);

export const boxberrySettingsBodySchema = z.object({
  /** Absent — keep the saved token; an empty string — remove it (back to the demo emulator, or off in production). */
  token: z
    .string()
    .trim()
    .max(200, 'Слишком длинный токен')
    // A token is one word: a pasted line break, tab or invisible character would be saved and sent to
    // Boxberry as is, and the shop would leave the emulator for a token nobody can use.
    .refine((v) => !/[\p{Cc}\p{Cf}\s]/u.test(v), 'Токен Boxberry — одна строка без пробелов, переносов и невидимых символов')
    .optional(),
  senderPointCode: z.string().trim().max(20).nullable().default(null),
  defaultLengthCm: dimension('длину'),
  defaultWidthCm: dimension('ширину'),
  defaultHeightCm: dimension('высоту'),
});
export type BoxberrySettingsBody = z.input<typeof boxberrySettingsBodySchema>;

export const connectionCheckSchema = z.object({
  isOk: z.boolean(),
  /** What Boxberry answered, in words: «Подключение работает: 8 городов» or the error. */
  message: z.string(),
  ms: z.number().int(),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

// The price list

export const MAX_TARIFF_GRAMS = 100_000;
export const tariffSchema = z.object({
  kind: z.enum(deliveryKinds),
  fromGrams: z.number().int(),
  toGrams: z.number().int(),
  priceKopecks: z.number().int(),
});
export type Tariff = z.infer<typeof tariffSchema>;

const gramsField = z
  .number({ error: 'Вес — целое число граммов' })
  .int('Вес — целое число граммов')
  .min(0, 'Вес — от 0 г')
  .max(MAX_TARIFF_GRAMS, 'Вес — не больше 100 кг');

export const tariffBodySchema = z
  .object({
    kind: z.enum(deliveryKinds, { error: 'Способ доставки: boxberry, courier или pickup' }),
    fromGrams: gramsField,
    toGrams: gramsField,
    priceKopecks: kopecksField,
  })
  .refine((t) => t.toGrams >= t.fromGrams, { message: 'Вес «до» меньше веса «от»', path: ['toGrams'] });

/** Bands of one kind must not overlap: a weight falls into exactly one band (edges included). */
export function findOverlap(tariffs: readonly Tariff[]): [Tariff, Tariff] | null {
  for (const kind of deliveryKinds) {
    const bands = tariffs.filter((t) => t.kind === kind).sort((a, b) => a.fromGrams - b.fromGrams);
    for (let i = 1; i < bands.length; i += 1) if (bands[i]!.fromGrams <= bands[i - 1]!.toGrams) return [bands[i - 1]!, bands[i]!];
  }
  return null;
}

/** The tariff for a weight: `fromGrams ≤ weight ≤ toGrams`. */
export function tariffFor(tariffs: readonly Tariff[], kind: DeliveryKind, weightGrams: number): Tariff | null {
  return tariffs.find((t) => t.kind === kind && t.fromGrams <= weightGrams && weightGrams <= t.toGrams) ?? null;
}

const isoDate = calendarDateField('Дата начала действия — в формате ГГГГ-ММ-ДД');

export const priceListBodySchema = z
  .object({
    appliesFrom: isoDate,
    tariffs: z
      .array(tariffBodySchema, { error: 'Добавьте тарифы' })
      .min(1, 'Добавьте хотя бы один тариф')
      .max(300, 'Не больше 300 тарифов'),
  })
  .superRefine((body, ctx) => {
    const overlap = findOverlap(body.tariffs);
    if (overlap) {
      const [a, b] = overlap;
      ctx.addIssue({
        code: 'custom',
        path: ['tariffs'],
        message: `«${deliveryKindTitles[a.kind]}»: диапазоны ${a.fromGrams}–${a.toGrams} г и ${b.fromGrams}–${b.toGrams} г пересекаются`,
      });
    }
  });
export type PriceListBody = z.input<typeof priceListBodySchema>;

export const priceListVersionSchema = z.object({
  id: z.uuid(),
  appliesFrom: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  tariffs: z.array(tariffSchema),
});
export type PriceListVersion = z.infer<typeof priceListVersionSchema>;

export const priceListSchema = z.object({
  /** In force today (Moscow). */
  current: priceListVersionSchema.nullable(),
  /** Saved for a later date. */
  upcoming: z.array(priceListVersionSchema),
  /** Earlier versions, newest first: invoices made under them keep their prices. */
  past: z.array(priceListVersionSchema.omit({ tariffs: true }).extend({ tariffsCount: z.number().int() })),
});
export type PriceList = z.infer<typeof priceListSchema>;

export const priceListExportQuerySchema = z.object({ versionId: z.uuid({ error: 'Версия прайс-листа не найдена' }).optional() });
export const priceListImportQuerySchema = z.object({
  appliesFrom: isoDate,
  dryRun: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const PRICE_LIST_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const priceListImportResultSchema = z.object({
  isDryRun: z.boolean(),
  tariffs: z.array(tariffSchema),
  version: priceListVersionSchema.nullable(),
});
export type PriceListImportResult = z.infer<typeof priceListImportResultSchema>;
