import { badAnswer } from './boxberry-error.js';

export type BoxberryCity = { code: string; name: string; region: string; district?: string };

export type BoxberryPoint = {
  code: string;
  name: string;
  address: string;
  phone: string;
  workSchedule: string;
  tripDescription: string;
  cityCode: string;
  cityName: string;
  lat: number | null;
  lon: number | null;
  deliveryPeriodDays: number | null;
  onlyPrepaidOrders: boolean;
  isPostamat: boolean;
  loadLimitKg: number | null;
};

export type BoxberryStatus = { at: Date; name: string };

type Row = Record<string, unknown>;

/**
 * Boxberry's answers mix strings, numbers and "Yes"/"No" for the same kind of field from method to
 * method (and over the years), so every field is read leniently here and typed once.
 */
function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function numberOrNull(value: unknown): number | null {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && ['yes', 'да', '1', 'true'].includes(value.trim().toLowerCase());
}

/** Every lookup answers a list; anything else would be read as an empty one and hide the fault. */
export function rowsOf(body: unknown): Row[] {
  if (!Array.isArray(body)) throw badAnswer(200);
  return body.filter((row): row is Row => typeof row === 'object' && row !== null);
}

export function toCity(row: Row): BoxberryCity | null {
  const code = text(row.Code);
  if (!code) return null;
  const district = text(row.District);
  return { code, name: text(row.Name), region: text(row.Region), ...(district && { district }) };
}

/** GPS comes as one "lat,lon" string. */
function coordinates(gps: unknown): { lat: number | null; lon: number | null } {
  const [lat, lon] = text(gps)
    .split(',')
    .map((part) => numberOrNull(part));
  if (lat === null || lat === undefined || lon === null || lon === undefined) return { lat: null, lon: null };
  return { lat, lon };
}

export function toPoint(row: Row): BoxberryPoint | null {
  const code = text(row.Code);
  if (!code) return null;
  const loadLimit = numberOrNull(row.LoadLimit);
  return {
    code,
    name: text(row.Name),
    address: text(row.Address),
    phone: text(row.Phone),
    // Boxberry spells it WorkShedule.
    workSchedule: text(row.WorkShedule),
    tripDescription: text(row.TripDescription),
    cityCode: text(row.CityCode),
    cityName: text(row.CityName),
    ...coordinates(row.GPS),
    deliveryPeriodDays: numberOrNull(row.DeliveryPeriod),
    onlyPrepaidOrders: flag(row.OnlyPrepaidOrders),
    isPostamat: flag(row.Postamat),
    // Zero stands for "not stated", not for a point that takes nothing.
    loadLimitKg: loadLimit !== null && loadLimit > 0 ? loadLimit : null,
  };
}

export function toDeliveryCost(body: unknown): { priceKopecks: number; periodDays: number | null } {
  const row = (typeof body === 'object' && body !== null ? body : {}) as Row;
  const price = numberOrNull(row.price);
  if (price === null || price < 0) throw badAnswer(200);
  return { priceKopecks: Math.round(price * 100), periodDays: numberOrNull(row.delivery_period) };
}

export function toCreatedParcel(body: unknown): { track: string; labelUrl: string | null } {
  const row = (typeof body === 'object' && body !== null ? body : {}) as Row;
  const track = text(row.track);
  if (!track) throw badAnswer(200);
  return { track, labelUrl: text(row.label) || null };
}

const moscowDateTime = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/;

/** Boxberry writes Moscow wall-clock time without an offset; Moscow has been UTC+3 all year since 2014. */
function moscowInstant(value: unknown): Date {
  const match = moscowDateTime.exec(text(value));
  const at = match ? new Date(`${match[1]}T${match[2]}+03:00`) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw badAnswer(200);
  return at;
}

export function toStatuses(body: unknown): BoxberryStatus[] {
  return rowsOf(body)
    .map((row) => ({ at: moscowInstant(row.Date), name: text(row.Name) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
