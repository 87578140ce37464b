import { z } from 'zod';
import { type DeliveryKind, deliveryKinds, deliveryParcelStatuses } from './delivery.js';
import { fulfilmentStatuses } from './fulfilment-statuses.js';
import { purchaseStatuses, type PurchaseStatus } from './purchases.js';

/** Purchases whose goods the warehouse receives: on the way, or partly received. */
export const receivingPurchaseStatuses: readonly PurchaseStatus[] = ['in_transit', 'at_warehouse'];

/**
 * A parcel's way: packed → invoiced → paid → shipped → delivered through Boxberry; a self-pickup
 * parcel goes packed → ready_for_pickup → delivered (through invoiced and paid too when the price
 * list charges for self-pickup).
 */
export const parcelStatuses = deliveryParcelStatuses;
export type ParcelStatus = (typeof parcelStatuses)[number];
export const parcelStatusTitles: Record<ParcelStatus, string> = {
  packed: 'Упакована',
  invoiced: 'Выставлен счёт за доставку',
  paid: 'Доставка оплачена',
  shipped: 'Отправлена',
  ready_for_pickup: 'Готова к выдаче',
  delivered: 'Получена',
};

/**
 * What the warehouse may still do with a parcel, as the server's rules allow it: only a self-pickup
 * parcel goes on the shelf and is handed over here (and not while its delivery invoice is unpaid);
 * a Boxberry or courier parcel leaves through the logistician. A parcel is taken apart only before
 * an invoice is issued for it.
 */
export function warehouseParcelActions(parcel: { status: ParcelStatus; deliveryKind: DeliveryKind }) {
  const isOwnShelf = parcel.deliveryKind === 'pickup';
  return {
    canMarkReady: isOwnShelf && (parcel.status === 'packed' || parcel.status === 'paid'),
    canHandOver: isOwnShelf && (parcel.status === 'packed' || parcel.status === 'paid' || parcel.status === 'ready_for_pickup'),
    canUnpack: parcel.status === 'packed' || parcel.status === 'ready_for_pickup',
  };
}

export const labelFormats = ['a6', 'thermal58x40'] as const;
export type LabelFormat = (typeof labelFormats)[number];
export const labelFormatTitles: Record<LabelFormat, string> = {
  a6: 'A6 (105 × 148 мм)',
  thermal58x40: 'Термоэтикетка 58 × 40 мм',
};

/**
 * A parcel's barcode: «29» and the number in ten digits. Digits only, as a USB scanner types into
 * whatever keyboard layout is on, and a Russian layout turns Latin letters into Cyrillic.
 */
export function parcelBarcodeOf(parcelNumber: number): string {
  return `29${String(parcelNumber).padStart(10, '0')}`;
}

/** The parcel number of a scanned barcode, or null when the text is not one. */
export function parcelNumberOfBarcode(text: string): number | null {
  const m = /^29(\d{10})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

// Receiving

export const receivingPurchaseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  supplier: z.string(),
  status: z.enum(purchaseStatuses),
  ordersCount: z.number().int(),
  linesCount: z.number().int(),
  receivedLinesCount: z.number().int(),
  /** Orders with at least one line not yet received. */
  awaitingOrdersCount: z.number().int(),
});
export type ReceivingPurchase = z.infer<typeof receivingPurchaseSchema>;

export const receivingLineSchema = z.object({
  lineId: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  clientName: z.string(),
  quantity: z.number().int(),
  arrivedQuantity: z.number().int().nullable(),
  fulfilmentStatus: z.enum(fulfilmentStatuses),
  /** Packed or further: its receiving no longer changes. */
  isLocked: z.boolean(),
});
export type ReceivingLine = z.infer<typeof receivingLineSchema>;

/** One product of the purchase (article, name, options) with every order's line of it. */
export const receivingGroupSchema = z.object({
  key: z.string(),
  product: z.string(),
  article: z.string(),
  options: z.string(),
  expectedQuantity: z.number().int(),
  arrivedQuantity: z.number().int(),
  missingQuantity: z.number().int(),
  isReceived: z.boolean(),
  lines: z.array(receivingLineSchema),
});
export type ReceivingGroup = z.infer<typeof receivingGroupSchema>;

export const receivingSheetSchema = z.object({
  purchase: receivingPurchaseSchema,
  groups: z.array(receivingGroupSchema),
});
export type ReceivingSheet = z.infer<typeof receivingSheetSchema>;

const quantityField = z
  .number({ error: 'Количество — целое число от 0' })
  .int('Количество — целое число от 0')
  .min(0, 'Количество — целое число от 0')
  .max(1_000_000, 'Слишком большое количество');

/**
 * What arrived: a number of units over one or more lines of the same product. Units go to the lines
 * in the order of their order numbers (who ordered first gets the goods first); the rest are missing.
 * Marking is absolute, so sending the same marks twice changes nothing.
 */
export const receiveBodySchema = z.object({
  marks: z
    .array(
      z.object({
        lineIds: z.array(z.uuid({ error: 'Строка заказа не найдена' })).min(1, 'Укажите строки'),
        arrivedQuantity: quantityField,
      }),
      { error: 'Укажите, что поступило' },
    )
    .min(1, 'Укажите, что поступило')
    .max(5000, 'Не больше 5000 отметок за раз'),
});
export type ReceiveBody = z.input<typeof receiveBodySchema>;

export const receiveResultSchema = z.object({
  sheet: receivingSheetSchema,
  /** Orders whose goods all came in with this receiving, and those that came in short. */
  arrivedOrdersCount: z.number().int(),
  shortOrdersCount: z.number().int(),
});
export type ReceiveResult = z.infer<typeof receiveResultSchema>;

// Finding, packing, handing over

export const warehouseSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Введите номер заказа, телефон или отсканируйте штрихкод' })
    .trim()
    .min(1, 'Введите номер заказа, телефон или отсканируйте штрихкод')
    .max(100, 'Слишком длинный запрос'),
});

export const warehouseOrderSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  purchaseId: z.uuid(),
  purchaseTitle: z.string(),
  purchaseStatus: z.enum(purchaseStatuses),
  fulfilmentStatus: z.enum(fulfilmentStatuses),
  totalKopecks: z.number().int(),
  dueKopecks: z.number().int(),
  refundDueKopecks: z.number().int(),
  unitsCount: z.number().int(),
  arrivedUnitsCount: z.number().int(),
  missingUnitsCount: z.number().int(),
  parcelId: z.uuid().nullable(),
  parcelNumber: z.number().int().nullable(),
  /** Arrived, paid and not packed yet. */
  isPackable: z.boolean(),
  /** Why it cannot be packed, when it is arrived but cannot: «К оплате 1 234,56 ₽». */
  notPackableReason: z.string().nullable(),
});
export type WarehouseOrder = z.infer<typeof warehouseOrderSchema>;

export const parcelSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  barcode: z.string(),
  status: z.enum(parcelStatuses),
  deliveryKind: z.enum(deliveryKinds),
  clientName: z.string(),
  /** The last four digits are hidden: the client names them at hand-over. */
  maskedPhone: z.string(),
  orders: z.array(z.object({ id: z.uuid(), number: z.number().int(), purchaseTitle: z.string() })),
  weightGrams: z.number().int(),
  lengthCm: z.number().int().nullable(),
  widthCm: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
  packedAt: z.string(),
  packedByName: z.string().nullable(),
  readyAt: z.string().nullable(),
  handedOverAt: z.string().nullable(),
  handedOverByName: z.string().nullable(),
});
export type Parcel = z.infer<typeof parcelSchema>;

/** One client at the warehouse: their orders in every purchase and their parcels. */
export const warehouseClientSchema = z.object({
  clientName: z.string(),
  maskedPhone: z.string(),
  orders: z.array(warehouseOrderSchema),
  parcels: z.array(parcelSchema),
  deliveryKind: z.enum(deliveryKinds),
});
export type WarehouseClient = z.infer<typeof warehouseClientSchema>;

export const warehouseSearchResultSchema = z.object({
  /** What the text was taken for. */
  matchedBy: z.enum(['parcel', 'order', 'phone', 'nothing']),
  clients: z.array(warehouseClientSchema),
});
export type WarehouseSearchResult = z.infer<typeof warehouseSearchResultSchema>;

const centimetres = z
  .number({ error: 'Размер — целое число сантиметров' })
  .int('Размер — целое число сантиметров')
  .min(1, 'Размер — от 1 см')
  .max(300, 'Размер — не больше 300 см')
  .nullable()
  .default(null);

export const packParcelBodySchema = z.object({
  orderIds: z
    .array(z.uuid({ error: 'Заказ не найден' }), { error: 'Выберите заказы' })
    .min(1, 'Выберите заказы для посылки')
    .max(200, 'Не больше 200 заказов в посылке'),
  weightGrams: z
    .number({ error: 'Укажите вес в граммах' })
    .int('Вес — целое число граммов')
    .min(1, 'Вес — больше нуля')
    .max(100_000, 'Вес — не больше 100 кг'),
  lengthCm: centimetres,
  widthCm: centimetres,
  heightCm: centimetres,
});
export type PackParcelBody = z.input<typeof packParcelBodySchema>;

export const parcelIdParamsSchema = z.object({ id: z.uuid({ error: 'Посылка не найдена' }) });

export const handOverBodySchema = z.object({
  phoneLast4: z
    .string({ error: 'Введите последние 4 цифры телефона' })
    .trim()
    .regex(/^\d{4}$/, 'Введите последние 4 цифры телефона'),
});
export type HandOverBody = z.input<typeof handOverBodySchema>;

export const parcelListQuerySchema = z.object({
  status: z.enum(parcelStatuses, { error: 'Неизвестный статус посылки' }).optional(),
  page: z.coerce.number().int().min(1, 'Страница — от 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'Не больше 100 строк на странице').default(50),
});

export const labelsQuerySchema = z.object({
  /** Parcel ids separated by commas: one label per page. */
  ids: z
    .string({ error: 'Выберите посылки' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Посылка не найдена' }))
        .min(1, 'Выберите посылки')
        .max(500, 'Не больше 500 этикеток за раз'),
    ),
  format: z.enum(labelFormats, { error: 'Формат этикетки — a6 или thermal58x40' }).default('a6'),
});
