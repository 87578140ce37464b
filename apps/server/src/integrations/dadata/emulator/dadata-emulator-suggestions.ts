import crypto from 'node:crypto';
import { type DemoAddress, demoAddresses } from './dadata-demo-addresses.js';

/** A stable made-up FIAS id, so the same address keeps its id across runs like the real one does. */
function fiasId(key: string): string {
  const hex = crypto.createHash('md5').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function describe(address: DemoAddress) {
  const { city } = address;
  const cityWithType = `г ${city.city}`;
  const houseAndFlat = `д ${address.house}${address.flat ? `, кв ${address.flat}` : ''}`;
  const value = `${cityWithType}, ${address.streetWithType}, ${houseAndFlat}`;
  const regionPart = city.regionWithType === cityWithType ? '' : `${city.regionWithType}, `;
  return { value, unrestrictedValue: `${address.postalCode}, ${regionPart}${value}`, cityWithType };
}

/** The shape DaData answers with; fields the demo knows nothing of are null, as DaData's often are. */
function toSuggestion(address: DemoAddress) {
  const { city } = address;
  const { value, unrestrictedValue, cityWithType } = describe(address);
  const streetKey = `${city.city}|${address.streetWithType}`;
  const houseKey = `${streetKey}|${address.house}`;
  const isFederalCity = city.regionWithType === cityWithType;
  return {
    value,
    unrestricted_value: unrestrictedValue,
    data: {
      postal_code: address.postalCode,
      country: 'Россия',
      country_iso_code: 'RU',
      federal_district: city.federalDistrict,
      region_fias_id: fiasId(city.regionWithType),
      region_kladr_id: city.regionKladrId,
      region_iso_code: city.regionIsoCode,
      region_with_type: city.regionWithType,
      region_type: city.regionType,
      region_type_full: city.regionTypeFull,
      region: city.region,
      area_fias_id: null,
      area_with_type: null,
      area: null,
      city_fias_id: fiasId(cityWithType),
      city_kladr_id: city.cityKladrId,
      city_with_type: cityWithType,
      city_type: 'г',
      city_type_full: 'город',
      city: city.city,
      city_district_with_type: null,
      settlement_fias_id: null,
      settlement_with_type: null,
      settlement: null,
      street_fias_id: fiasId(streetKey),
      street_with_type: address.streetWithType,
      street_type: address.streetType,
      street_type_full: address.streetTypeFull,
      street: address.street,
      house_fias_id: fiasId(houseKey),
      house_type: 'д',
      house_type_full: 'дом',
      house: address.house,
      block_type: null,
      block: null,
      flat_fias_id: address.flat ? fiasId(`${houseKey}|${address.flat}`) : null,
      flat_type: address.flat ? 'кв' : null,
      flat_type_full: address.flat ? 'квартира' : null,
      flat: address.flat,
      postal_box: null,
      fias_id: address.flat ? fiasId(`${houseKey}|${address.flat}`) : fiasId(houseKey),
      fias_level: address.flat ? '9' : '8',
      kladr_id: null,
      capital_marker: isFederalCity ? '0' : '2',
      okato: null,
      oktmo: null,
      tax_office: null,
      timezone: city.timezone,
      geo_lat: String(address.lat),
      geo_lon: String(address.lon),
      qc_geo: '0',
      metro: null,
    },
  };
}

/** Lower case with ё read as е, as a buyer types either. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^0-9a-zа-я]+/)
    .filter(Boolean);
}

const searchable = demoAddresses.map((address) => ({ address, words: words(describe(address).unrestrictedValue) }));

/** Every word of the query must begin some word of the address, in any order. */
export function suggest(query: string, count: number) {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  return searchable
    .filter((entry) => wanted.every((word) => entry.words.some((candidate) => candidate.startsWith(word))))
    .slice(0, count)
    .map((entry) => toSuggestion(entry.address));
}
