import { type AdminCity, type DeliveryInvoice, formatNumber, type LogisticsStage, logisticsStages, plural } from '@vmeste/contract';
import { errorMessageOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

const MOSCOW = 'Europe/Moscow';
const DAY_MS = 86_400_000;
const grams = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });
// en-CA writes a date as YYYY-MM-DD: the calendar day in Moscow, comparable as text.
const moscowDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW, year: 'numeric', month: '2-digit', day: '2-digit' });
const shortDateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW,
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** 1250 → «1 250 г». */
export function formatGrams(value: number): string {
  return `${grams(value)} г`;
}

/** A weight band of the price list: «0–1 000 г». */
export function formatBand(fromGrams: number, toGrams: number): string {
  return `${grams(fromGrams)}–${grams(toGrams)} г`;
}

/** «40 × 30 × 20 см», only the sizes that were measured; empty when none were. */
export function formatSizes({ lengthCm, widthCm, heightCm }: { lengthCm: number | null; widthCm: number | null; heightCm: number | null }) {
  const sizes = [lengthCm, widthCm, heightCm].filter((cm): cm is number => cm !== null);
  return sizes.length ? `${sizes.join(' × ')} см` : '';
}

/** «1 день», «3 дня», «5 дней»: an age or a duration. */
export function daysText(n: number): string {
  return `${n} ${plural(n, 'день', 'дня', 'дней')}`;
}

/** «дольше 1 дня», «дольше 5 дней»: after «дольше» the days stand in the genitive. */
export function longerThanDaysText(n: number): string {
  return `дольше ${n} ${plural(n, 'дня', 'дней', 'дней')}`;
}

export function parcelsText(n: number): string {
  return `${n} ${plural(n, 'посылка', 'посылки', 'посылок')}`;
}

/** «за 1 посылку», «за 3 посылки», «за 5 посылок». */
export function forParcelsText(n: number): string {
  return `за ${n} ${plural(n, 'посылку', 'посылки', 'посылок')}`;
}

export function pointsText(n: number): string {
  return `${n} ${plural(n, 'пункт', 'пункта', 'пунктов')}`;
}

export function tariffsText(n: number): string {
  return `${n} ${plural(n, 'тариф', 'тарифа', 'тарифов')}`;
}

/** «из 1 города», «из 10 городов»: after «из» the cities stand in the genitive. */
export function ofCitiesText(n: number): string {
  return `из ${n} ${plural(n, 'города', 'городов', 'городов')}`;
}

/** «в 1 городе», «в 8 городах». */
export function inCitiesText(n: number): string {
  return `в ${n} ${plural(n, 'городе', 'городах', 'городах')}`;
}

/** The calendar day of an instant in Moscow, `YYYY-MM-DD`. */
export function moscowDayOf(value: string | Date): string {
  return moscowDayFormat.format(new Date(value));
}

/** Today in Moscow, `YYYY-MM-DD`: the first day a new price list may apply from. */
export function moscowToday(now: Date = new Date()): string {
  return moscowDayOf(now);
}

/** Whole calendar days (Moscow) from an instant to now: an invoice made yesterday evening is 1 day old this morning. */
export function daysSince(value: string, now: Date = new Date()): number {
  const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
  return Math.max(0, Math.round((toUtc(moscowDayOf(now)) - toUtc(moscowDayOf(value))) / DAY_MS));
}

/** An instant → «05.03 14:20» (Moscow): when a status was last asked, where the year goes without saying. */
export function formatShortDateTime(value: string): string {
  const parts = Object.fromEntries(shortDateTime.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month} ${parts.hour}:${parts.minute}`;
}

/** A price list's date: a calendar day `YYYY-MM-DD` or an instant → «DD.MM.YYYY». */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : formatDate(value);
}

/** Kopecks as the rubles a price field shows: 35000 → «350», 34990 → «349,90». */
export function rublesTextOf(kopecks: number): string {
  return kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2).replace('.', ',');
}

/** «не оплачен 3 дня», «оплачен 05.03.2026», «отменён». */
export function invoiceStateText(invoice: Pick<DeliveryInvoice, 'status' | 'createdAt' | 'paidAt'>, now: Date = new Date()): string {
  if (invoice.status === 'paid') return invoice.paidAt ? `оплачен ${formatDate(invoice.paidAt)}` : 'оплачен';
  if (invoice.status === 'canceled') return 'отменён';
  const days = daysSince(invoice.createdAt, now);
  return days === 0 ? 'не оплачен, выставлен сегодня' : `не оплачен ${daysText(days)}`;
}

/** The age of the oldest unpaid invoice under its count: «самому старому 3 дня». */
export function oldestUnpaidText(days: number | null): string | null {
  if (days === null) return null;
  return days === 0 ? 'самый старый выставлен сегодня' : `самому старому ${daysText(days)}`;
}

/** A city in the points filter: «Москва — 6 пунктов, включено 5». */
export function cityOptionLabel(city: Pick<AdminCity, 'name' | 'pointsCount' | 'enabledCount'>): string {
  const { pointsCount: all, enabledCount: on } = city;
  let state: string;
  if (all === 1) state = on === 1 ? 'включён' : 'выключен';
  else if (on === all) state = 'все включены';
  else if (on === 0) state = 'все выключены';
  else state = `${plural(on, 'включён', 'включено', 'включено')} ${on}`;
  return `${city.name} — ${pointsText(all)}, ${state}`;
}

/** Parcels a price-list invoice cannot cover: no tariff for their kind and weight. */
export function missingTariffMessage(parcels: readonly { number: number; quotedPriceKopecks: number | null }[]): string | null {
  const missing = parcels.filter((p) => p.quotedPriceKopecks === null).map((p) => `№ ${p.number}`);
  if (missing.length === 0) return null;
  const which = missing.length === 1 ? `посылки ${missing[0]}` : `посылок ${missing.join(', ')}`;
  return `Нет тарифа для ${which}: укажите цену вручную или дополните прайс-лист`;
}

export const DEFAULT_STAGE: LogisticsStage = 'awaiting_invoice';

/** The stage in the address, or the first one when it is missing or unknown. */
export function stageOf(value: string | null): LogisticsStage {
  return logisticsStages.find((s) => s === value) ?? DEFAULT_STAGE;
}

/** The server's Russian message of a failed call, or the default one. */
export const errorText = errorMessageOf;

export { parseTypedDay } from '@/lib/typed-day';
