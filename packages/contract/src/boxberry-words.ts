/**
 * Boxberry speaks to shops, not to people: points are named «Москва Николоямская_408», addresses are
 * «420111, Казань г, Баумана ул, д.12», a parcel's status is «Загружен реестр ИМ». These turn them
 * into what a client reads: «ул. Баумана, д. 12, Казань», «Николоямская», «Принят Boxberry».
 */

/** Boxberry's street types, written after the name, and how they are written before it. */
const streetTypes: Record<string, string> = {
  ул: 'ул.',
  'пр-кт': 'просп.',
  пр: 'просп.',
  ш: 'ш.',
  пер: 'пер.',
  'б-р': 'б-р',
  бул: 'б-р',
  наб: 'наб.',
  пл: 'пл.',
  проезд: 'проезд',
  туп: 'туп.',
  мкр: 'мкр',
  аллея: 'аллея',
  тракт: 'тракт',
};

const POSTAL_CODE = /^\d{6}$/;
const TRAILING_STREET_TYPE = new RegExp(`^(.+?)\\s+(${Object.keys(streetTypes).join('|')})\\.?$`);
// A house needs its number: «к.2» is a building, «Кирова» is a street.
const HOUSE_PART = /^(д|дом|стр|корп|к|лит|влд|вл|соор)\.?\s*(\d.*)$/i;

function cityPartName(part: string): string | null {
  const m = /^(?:г\.?\s+(.+)|(.+?)\s+г\.?)$/.exec(part);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function housePart(part: string): string | null {
  const m = HOUSE_PART.exec(part);
  if (m) return `${m[1]!.toLowerCase() === 'дом' ? 'д' : m[1]!.toLowerCase()}. ${m[2]}`;
  return /^\d/.test(part) ? `д. ${part}` : null;
}

/** «420111, Казань г, Баумана ул, д.12, стр.2» → «ул. Баумана, д. 12, стр. 2, Казань»: street, house, city. */
export function cleanPointAddress(point: { cityName: string; address: string }): string {
  let city = point.cityName.trim();
  let street: string | null = null;
  const houses: string[] = [];
  const others: string[] = [];
  for (const part of point.address.split(',').map((p) => p.trim())) {
    if (!part || POSTAL_CODE.test(part)) continue;
    const cityName = cityPartName(part);
    if (cityName || part === city) {
      city = cityName ?? city;
      continue;
    }
    // A bare number is a house only after the street: «8 Марта ул» is a street.
    const house = street !== null || HOUSE_PART.test(part) ? housePart(part) : null;
    if (house) {
      houses.push(house);
      continue;
    }
    if (street === null) {
      const m = TRAILING_STREET_TYPE.exec(part);
      street = m ? `${streetTypes[m[2]!]} ${m[1]}` : part;
      continue;
    }
    others.push(part);
  }
  return [street, ...houses, ...others, city].filter((p): p is string => Boolean(p)).join(', ');
}

/** «Москва Николоямская_408» → «Николоямская»: the city and Boxberry's number dropped. */
export function cleanPointName(point: { cityName: string; name: string }): string {
  const city = point.cityName.trim();
  let name = point.name.trim();
  if (city && name.toLowerCase().startsWith(`${city.toLowerCase()} `)) name = name.slice(city.length + 1);
  name = name
    .replace(/_\d+$/, '')
    .replace(/_/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return name || point.name.trim();
}

/** The few steps a client cares about, in the order a parcel goes through them. */
export const plainBoxberryStatuses = ['Принят Boxberry', 'В пути', 'В пункте выдачи', 'Выдан', 'Возвращается в магазин'] as const;
export type PlainBoxberryStatus = (typeof plainBoxberryStatuses)[number];

/** Boxberry's own status names (ListStatuses) by what they mean; the first rule that fits wins. */
const statusRules: [RegExp, PlainBoxberryStatus][] = [
  [/возвра[тщ]|отказ/i, 'Возвращается в магазин'],
  [/^выдан|^вручен|доставлен[оа]? получателю|^получен/i, 'Выдан'],
  [/(поступил|прибыл)[оа]? в пункт|в пункте выдачи|готов[оа]? к выдаче|доступ[а-я]* (для|к) получени/i, 'В пункте выдачи'],
  [/реестр|принят[оа]? к доставке|^принят|^создан|^загружен/i, 'Принят Boxberry'],
  [/передан|отправлен|в пути|сортир|транзит|прибыл|поступил[оа]? в город|курьер/i, 'В пути'],
];

/** «Загружен реестр ИМ» → «Принят Boxberry»; a name nobody foresaw is shown as Boxberry wrote it. */
export function boxberryStatusTitle(raw: string): string {
  return statusRules.find(([pattern]) => pattern.test(raw.trim()))?.[1] ?? raw.trim();
}
