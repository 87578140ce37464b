import { pointsByCode, type Refusal, weightRefusal } from './boxberry-emulator-lookups.js';

export type EmulatedParcel = {
  track: string;
  orderId: string;
  kind: 'pickup_point' | 'courier';
  targetPointCode: string | null;
  weightGrams: number;
  /** The parcel as the shop last sent it, parsed from sdata. */
  sdata: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  /** When each status in `parcelStatuses` was reached, in order; grows as time passes. */
  statusTimes: Date[];
};

export type ParcelBook = {
  parcels: Map<string, EmulatedParcel>;
  tracksByOrderId: Map<string, string>;
  nextTrackNumber: number;
  statusIntervalMs: number;
};

export const parcelStatuses = [
  'Загружен реестр ИМ',
  'Принято к доставке',
  'Передан на доставку до пункта выдачи',
  'Поступило в пункт выдачи',
  'Выдано',
] as const;

const MAX_ORDER_ID_LENGTH = 35;

type Parsed = { orderId: string; kind: EmulatedParcel['kind']; targetPointCode: string | null; weightGrams: number };
type Row = Record<string, unknown>;

function objectOf(value: unknown): Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Row) : {};
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** PHP clients send numbers both as numbers and as strings. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}

function sumRefusal(sdata: Row): Refusal | null {
  const sums: [string, string][] = [
    ['price', 'объявленная ценность'],
    ['payment_sum', 'сумма к оплате получателем'],
    ['delivery_sum', 'стоимость доставки для получателя'],
  ];
  for (const [field, title] of sums) {
    const value = sdata[field] === undefined && field !== 'price' ? 0 : numberOf(sdata[field]);
    if (!Number.isFinite(value) || value < 0) return { err: `Некорректная ${title} (${field})` };
  }
  return null;
}

function customerRefusal(sdata: Row): Refusal | null {
  const customer = objectOf(sdata.customer);
  if (!textOf(customer.fio)) return { err: 'Не указано ФИО получателя (customer.fio)' };
  const phone = textOf(customer.phone);
  if (!phone) return { err: 'Не указан телефон получателя (customer.phone)' };
  if (phone.replace(/\D/g, '').length < 10) return { err: `Некорректный телефон получателя: ${phone}` };
  return null;
}

function itemsRefusal(sdata: Row): Refusal | null {
  const items = sdata.items;
  if (!Array.isArray(items) || items.length === 0) return { err: 'Не указаны товары посылки (items)' };
  for (const [index, item] of items.entries()) {
    const row = objectOf(item);
    if (!textOf(row.name)) return { err: `У товара № ${index + 1} не указано название` };
    const quantity = numberOf(row.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0) return { err: `У товара «${textOf(row.name)}» некорректное количество` };
  }
  return null;
}

function destinationRefusal(sdata: Row, vid: number): Refusal | { targetPointCode: string | null } {
  if (vid === 2) {
    const kurdost = objectOf(sdata.kurdost);
    if (!/^\d{6}$/.test(textOf(kurdost.index))) return { err: 'Для курьерской доставки нужен индекс из 6 цифр (kurdost.index)' };
    if (!textOf(kurdost.citi)) return { err: 'Для курьерской доставки не указан город (kurdost.citi)' };
    if (!textOf(kurdost.addressp)) return { err: 'Для курьерской доставки не указан адрес (kurdost.addressp)' };
    return { targetPointCode: null };
  }
  const code = textOf(objectOf(sdata.shop).name);
  if (!code) return { err: 'Не указан код пункта выдачи (shop.name)' };
  const point = pointsByCode.get(code);
  if (!point) return { err: `Пункт выдачи с кодом ${code} не найден` };
  if (point.onlyPrepaidOrders && numberOf(sdata.payment_sum) > 0)
    return { err: `Пункт выдачи ${code} принимает только полностью оплаченные заказы` };
  return { targetPointCode: code };
}

function parse(sdata: Row): Refusal | Parsed {
  const orderId = textOf(sdata.order_id);
  if (!orderId) return { err: 'Не указан номер заказа (order_id)' };
  if (orderId.length > MAX_ORDER_ID_LENGTH) return { err: `Номер заказа (order_id) длиннее ${MAX_ORDER_ID_LENGTH} символов` };
  const vid = numberOf(sdata.vid);
  if (vid === 3) return { err: 'Доставка Почтой России (vid=3) эмулятором не поддерживается' };
  if (vid !== 1 && vid !== 2) return { err: `Неизвестный тип доставки vid=${textOf(sdata.vid) || 'не указан'}` };
  const destination = destinationRefusal(sdata, vid);
  if ('err' in destination) return destination;
  const weightGrams = numberOf(objectOf(sdata.weights).weight);
  const refusal =
    sumRefusal(sdata) ??
    customerRefusal(sdata) ??
    itemsRefusal(sdata) ??
    weightRefusal(weightGrams, destination.targetPointCode ? pointsByCode.get(destination.targetPointCode) : undefined);
  if (refusal) return refusal;
  return { orderId, kind: vid === 2 ? 'courier' : 'pickup_point', targetPointCode: destination.targetPointCode, weightGrams };
}

/**
 * A second ParselCreate with an order_id already known updates that parcel and answers its track
 * again, rather than refusing or making a second parcel: Boxberry keeps order_id unique per account,
 * and this is what lets the shop repeat a ParselCreate whose answer was lost without shipping twice.
 */
export function createParcel(book: ParcelBook, rawSdata: string | null, labelUrl: (track: string) => string) {
  if (rawSdata === null || rawSdata.trim() === '') return { err: 'Не передан параметр sdata' };
  let sdata: Row;
  try {
    sdata = objectOf(JSON.parse(rawSdata));
  } catch {
    return { err: 'Параметр sdata не является корректным JSON' };
  }
  const parsed = parse(sdata);
  if ('err' in parsed) return parsed;
  const now = new Date();
  const knownTrack = book.tracksByOrderId.get(parsed.orderId);
  const known = knownTrack ? book.parcels.get(knownTrack) : undefined;
  if (known) {
    Object.assign(known, parsed, { sdata, updatedAt: now });
    return { track: known.track, label: labelUrl(known.track) };
  }
  const track = `BB${book.nextTrackNumber}`;
  book.nextTrackNumber += 1;
  book.parcels.set(track, { ...parsed, track, sdata, createdAt: now, updatedAt: now, statusTimes: [now] });
  book.tracksByOrderId.set(parsed.orderId, track);
  return { track, label: labelUrl(track) };
}

/** Statuses are reached lazily: each read adds those whose time has come since the last one. */
function settle(book: ParcelBook, parcel: EmulatedParcel, now = Date.now()): void {
  const times = parcel.statusTimes;
  while (times.length < parcelStatuses.length) {
    const next = times[times.length - 1]!.getTime() + book.statusIntervalMs;
    if (next > now) break;
    times.push(new Date(next));
  }
}

export function findParcel(book: ParcelBook, imId: string): EmulatedParcel | undefined {
  return book.parcels.get(imId) ?? book.parcels.get(book.tracksByOrderId.get(imId) ?? '');
}

/** Moscow wall-clock time, as Boxberry writes it. */
function moscowText(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function listStatuses(book: ParcelBook, imId: string) {
  if (!imId) return { err: 'Не указан трек-номер или номер заказа (ImId)' };
  const parcel = findParcel(book, imId);
  if (!parcel) return { err: `Посылка ${imId} не найдена` };
  settle(book, parcel);
  return parcel.statusTimes.map((at, index) => ({ Date: moscowText(at), Name: parcelStatuses[index] }));
}

/** Moves a parcel one status on now; the statuses after it keep coming at the usual pace from here. */
export function advanceParcel(book: ParcelBook, track: string): string {
  const parcel = findParcel(book, track);
  if (!parcel) throw new Error(`Boxberry emulator: no parcel ${track}`);
  settle(book, parcel);
  if (parcel.statusTimes.length < parcelStatuses.length) parcel.statusTimes.push(new Date());
  return parcelStatuses[parcel.statusTimes.length - 1]!;
}
