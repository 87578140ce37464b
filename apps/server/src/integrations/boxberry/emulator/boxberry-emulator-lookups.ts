import { type DemoCity, type DemoPoint, demoCities, demoPoints } from './boxberry-demo-data.js';

/** Boxberry's answers are untyped JSON; a refusal is `{ err }` with HTTP 200. */
export type Refusal = { err: string };

export const citiesByCode = new Map(demoCities.map((city) => [city.code, city]));
export const pointsByCode = new Map(demoPoints.map((point) => [point.code, point]));

const MAX_WEIGHT_GRAMS = 31_000;
const POSTAMAT_LOAD_LIMIT_KG = 15;

export function loadLimitKg(point: DemoPoint): number {
  return point.isPostamat ? POSTAMAT_LOAD_LIMIT_KG : MAX_WEIGHT_GRAMS / 1000;
}

function cityOf(point: DemoPoint): DemoCity {
  const city = citiesByCode.get(point.cityCode);
  if (!city) throw new Error(`Boxberry emulator: point ${point.code} names no known city`);
  return city;
}

function rawCity(city: DemoCity) {
  return {
    Code: city.code,
    Name: city.name,
    CountryCode: '643',
    Prefix: 'г',
    ReceptionLaP: '1',
    DeliveryLaP: '1',
    Reception: '1',
    ForeignReceptionReturns: '0',
    Terminal: '1',
    Kladr: city.kladr,
    Region: city.region,
    UniqName: city.region === city.name ? city.name : `${city.name}, ${city.region}`,
    District: city.district,
    CourierDelivery: '1',
    CourierReception: '1',
  };
}

function rawPoint(point: DemoPoint) {
  const city = cityOf(point);
  const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');
  const streetName = point.street.replace(/ (ул|пр-кт|ш)$/, '');
  return {
    Code: point.code,
    Name: `${city.name} ${streetName}_${point.code.slice(-3)}`,
    Address: `${point.postalCode}, ${city.name} г, ${point.street}, ${point.house}`,
    Phone: point.phone,
    WorkShedule: point.workSchedule ?? `пн-пт: 10.00-21.00, сб-вс: 10.00-${point.weekendUntil ?? '18.00'}`,
    TripDescription: point.tripDescription,
    DeliveryPeriod: city.deliveryPeriodDays,
    CityCode: city.code,
    CityName: city.name,
    TariffZone: String(city.tariffZone),
    Settlement: city.name,
    Area: city.region,
    Country: 'Россия',
    GPS: `${point.lat},${point.lon}`,
    AddressReduce: `${point.street}, ${point.house}`,
    OnlyPrepaidOrders: yesNo(point.onlyPrepaidOrders),
    Acquiring: yesNo(!point.onlyPrepaidOrders),
    DigitalSignature: 'No',
    CountryCode: '643',
    NalKD: yesNo(!point.onlyPrepaidOrders),
    Metro: point.metro ?? '',
    TypeOfOffice: point.isPostamat ? '2' : '1',
    VolumeLimit: point.isPostamat ? 0.08 : 0.36,
    LoadLimit: loadLimitKg(point),
    Postamat: point.isPostamat === true,
  };
}

export function listCities() {
  return demoCities.map(rawCity);
}

/** Like Boxberry, `prepaid` other than 1 leaves out the points that cannot take cash on delivery. */
export function listPoints(params: URLSearchParams) {
  const cityCode = params.get('CityCode');
  const isPrepaidIncluded = params.get('prepaid') === '1';
  return demoPoints
    .filter((point) => !cityCode || point.cityCode === cityCode)
    .filter((point) => isPrepaidIncluded || !point.onlyPrepaidOrders)
    .map(rawPoint);
}

/** Roubles by tariff zone: the first kilogram, then each started kilogram above it. */
const tariffs: Record<number, { firstKg: number; nextKg: number }> = {
  1: { firstKg: 189, nextKg: 25 },
  2: { firstKg: 249, nextKg: 40 },
  3: { firstKg: 299, nextKg: 55 },
  4: { firstKg: 369, nextKg: 80 },
};
/** Boxberry charges a share of the declared value for insurance. */
const INSURANCE_RATE = 0.005;

export function weightRefusal(weight: number, point: DemoPoint | undefined): Refusal | null {
  if (!Number.isInteger(weight) || weight <= 0 || weight > MAX_WEIGHT_GRAMS)
    return { err: `Вес посылки должен быть целым числом граммов от 1 до ${MAX_WEIGHT_GRAMS}` };
  if (point && weight > loadLimitKg(point) * 1000)
    return { err: `Пункт выдачи ${point.code} принимает посылки весом до ${loadLimitKg(point)} кг` };
  return null;
}

export function deliveryCosts(params: URLSearchParams) {
  const target = params.get('target') ?? '';
  if (!target) return { err: 'Не указан код пункта выдачи (target)' };
  const point = pointsByCode.get(target);
  if (!point) return { err: `Пункт выдачи с кодом ${target} не найден` };
  const weight = Number(params.get('weight') ?? '');
  const refusal = weightRefusal(weight, point);
  if (refusal) return refusal;
  const orderSum = Number(params.get('ordersum') ?? '0');
  if (!Number.isFinite(orderSum) || orderSum < 0) return { err: 'Некорректная сумма заказа (ordersum)' };
  const city = cityOf(point);
  const tariff = tariffs[city.tariffZone] ?? tariffs[4]!;
  const priceBase = tariff.firstKg + tariff.nextKg * Math.ceil(Math.max(0, weight - 1000) / 1000);
  const priceService = Math.round(orderSum * INSURANCE_RATE * 100) / 100;
  return {
    price: Math.round((priceBase + priceService) * 100) / 100,
    price_base: priceBase,
    price_service: priceService,
    delivery_period: city.deliveryPeriodDays,
  };
}
