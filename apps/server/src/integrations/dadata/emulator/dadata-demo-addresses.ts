/**
 * Demo addresses for the DaData emulator: real streets of the eight cities the Boxberry demo serves,
 * written the way DaData writes them («ул Тверская», «Невский пр-кт»), with postal codes and
 * coordinates close to the real ones.
 */

export type DemoCity = {
  regionWithType: string;
  regionType: string;
  regionTypeFull: string;
  region: string;
  regionKladrId: string;
  regionIsoCode: string;
  federalDistrict: string;
  /** Moscow and Saint Petersburg are regions themselves; DaData then names the city again. */
  city: string;
  cityKladrId: string;
  timezone: string;
};

export type DemoAddress = {
  city: DemoCity;
  streetWithType: string;
  streetType: string;
  streetTypeFull: string;
  street: string;
  house: string;
  flat: string | null;
  postalCode: string;
  lat: number;
  lon: number;
};

const city = (
  regionWithType: string,
  regionType: string,
  regionTypeFull: string,
  region: string,
  regionIsoCode: string,
  federalDistrict: string,
  name: string,
  kladr: { region: string; city: string },
  timezone: string,
): DemoCity => ({
  regionWithType,
  regionType,
  regionTypeFull,
  region,
  regionKladrId: kladr.region,
  regionIsoCode,
  federalDistrict,
  city: name,
  cityKladrId: kladr.city,
  timezone,
});

const moscow = city(
  'г Москва',
  'г',
  'город',
  'Москва',
  'RU-MOW',
  'Центральный',
  'Москва',
  { region: '7700000000000', city: '7700000000000' },
  'UTC+3',
);
const petersburg = city(
  'г Санкт-Петербург',
  'г',
  'город',
  'Санкт-Петербург',
  'RU-SPE',
  'Северо-Западный',
  'Санкт-Петербург',
  { region: '7800000000000', city: '7800000000000' },
  'UTC+3',
);
const novosibirsk = city(
  'Новосибирская обл',
  'обл',
  'область',
  'Новосибирская',
  'RU-NVS',
  'Сибирский',
  'Новосибирск',
  { region: '5400000000000', city: '5400000100000' },
  'UTC+7',
);
const yekaterinburg = city(
  'Свердловская обл',
  'обл',
  'область',
  'Свердловская',
  'RU-SVE',
  'Уральский',
  'Екатеринбург',
  { region: '6600000000000', city: '6600000100000' },
  'UTC+5',
);
const kazan = city(
  'Респ Татарстан',
  'Респ',
  'республика',
  'Татарстан',
  'RU-TA',
  'Приволжский',
  'Казань',
  { region: '1600000000000', city: '1600000100000' },
  'UTC+3',
);
const nizhny = city(
  'Нижегородская обл',
  'обл',
  'область',
  'Нижегородская',
  'RU-NIZ',
  'Приволжский',
  'Нижний Новгород',
  { region: '5200000000000', city: '5200000100000' },
  'UTC+3',
);
const krasnodar = city(
  'Краснодарский край',
  'край',
  'край',
  'Краснодарский',
  'RU-KDA',
  'Южный',
  'Краснодар',
  { region: '2300000000000', city: '2300000100000' },
  'UTC+3',
);
const samara = city(
  'Самарская обл',
  'обл',
  'область',
  'Самарская',
  'RU-SAM',
  'Приволжский',
  'Самара',
  { region: '6300000000000', city: '6300000100000' },
  'UTC+4',
);

type House = [house: string, postalCode: string, lat: number, lon: number, flats?: string[]];

const streetTypes: Record<string, string> = { ул: 'улица', 'пр-кт': 'проспект', ш: 'шоссе' };

/** «ул Тверская» or «Невский пр-кт»: DaData puts the type after an adjective name. */
function street(inCity: DemoCity, streetWithType: string, houses: House[]): DemoAddress[] {
  const words = streetWithType.split(' ');
  const isTypeFirst = streetTypes[words[0]!] !== undefined;
  const streetType = isTypeFirst ? words[0]! : words[words.length - 1]!;
  const name = (isTypeFirst ? words.slice(1) : words.slice(0, -1)).join(' ');
  return houses.flatMap(([house, postalCode, lat, lon, flats = []]) =>
    [null, ...flats].map((flat) => ({
      city: inCity,
      streetWithType,
      streetType,
      streetTypeFull: streetTypes[streetType] ?? streetType,
      street: name,
      house,
      flat,
      postalCode,
      lat,
      lon,
    })),
  );
}

export const demoAddresses: DemoAddress[] = [
  ...street(moscow, 'ул Тверская', [
    ['7', '125009', 55.7578, 37.6117, ['15']],
    ['13', '125009', 55.7612, 37.6093],
    ['22', '127006', 55.7678, 37.601],
  ]),
  ...street(moscow, 'ул 1-я Тверская-Ямская', [
    ['2', '125047', 55.7714, 37.5945],
    ['13', '125047', 55.7736, 37.5909],
  ]),
  ...street(moscow, 'ул Арбат', [
    ['10', '119002', 55.7516, 37.596],
    ['24', '119002', 55.7497, 37.5915],
    ['35', '119002', 55.7481, 37.5885, ['12']],
  ]),
  ...street(moscow, 'пр-кт Мира', [
    ['26', '129090', 55.78, 37.633],
    ['101', '129085', 55.8076, 37.638, ['44']],
  ]),
  ...street(moscow, 'Щёлковское ш', [
    ['2', '105122', 55.8096, 37.7832],
    ['75', '105523', 55.8108, 37.8225],
  ]),
  ...street(petersburg, 'Невский пр-кт', [
    ['28', '191186', 59.9358, 30.3259],
    ['88', '191025', 59.9317, 30.3533],
    ['100', '191025', 59.9321, 30.3565, ['5']],
  ]),
  ...street(petersburg, 'ул Садовая', [
    ['26', '191023', 59.9286, 30.3213],
    ['38', '190031', 59.9261, 30.3167],
  ]),
  ...street(petersburg, 'Московский пр-кт', [
    ['73', '196084', 59.8998, 30.3188],
    ['143', '196105', 59.8683, 30.321],
  ]),
  ...street(novosibirsk, 'ул Ленина', [
    ['12', '630004', 55.03, 82.912],
    ['21', '630004', 55.0303, 82.9105, ['8']],
  ]),
  ...street(novosibirsk, 'Красный пр-кт', [
    ['25', '630007', 55.0292, 82.9203],
    ['101', '630049', 55.0576, 82.9132],
  ]),
  ...street(novosibirsk, 'ул Кирова', [['44', '630102', 55.0185, 82.9416]]),
  ...street(yekaterinburg, 'пр-кт Ленина', [
    ['25', '620014', 56.8385, 60.605],
    ['50', '620075', 56.841, 60.622],
  ]),
  ...street(yekaterinburg, 'ул Малышева', [
    ['36', '620014', 56.8349, 60.6032],
    ['51', '620075', 56.837, 60.615, ['101']],
  ]),
  ...street(yekaterinburg, 'ул 8 Марта', [
    ['8', '620014', 56.8354, 60.5987],
    ['46', '620063', 56.8256, 60.6037],
  ]),
  ...street(kazan, 'ул Баумана', [
    ['19', '420111', 55.7887, 49.1176],
    ['44/8', '420111', 55.793, 49.111],
    ['58', '420111', 55.7959, 49.1085],
  ]),
  ...street(kazan, 'ул Пушкина', [['26', '420015', 55.7926, 49.1292, ['3']]]),
  ...street(kazan, 'пр-кт Победы', [['91', '420138', 55.756, 49.2134]]),
  ...street(nizhny, 'ул Большая Покровская', [
    ['18', '603005', 56.3192, 43.9976],
    ['60', '603000', 56.3122, 44.0004],
  ]),
  ...street(nizhny, 'ул Рождественская', [['24', '603001', 56.3275, 43.985]]),
  ...street(nizhny, 'пр-кт Гагарина', [['23', '603022', 56.2954, 43.9823, ['17']]]),
  ...street(krasnodar, 'ул Красная', [
    ['122', '350000', 45.042, 38.976],
    ['176', '350020', 45.0519, 38.9731, ['21']],
  ]),
  ...street(krasnodar, 'ул Северная', [['324', '350063', 45.044, 38.98]]),
  ...street(krasnodar, 'ул Ставропольская', [['149', '350040', 45.0247, 38.9997]]),
  ...street(samara, 'ул Ленинградская', [['35', '443099', 53.1925, 50.1013]]),
  ...street(samara, 'ул Куйбышева', [['91', '443010', 53.1887, 50.0932]]),
  ...street(samara, 'ул Молодогвардейская', [['204', '443001', 53.2048, 50.1233, ['56']]]),
  ...street(samara, 'Московское ш', [['4', '443013', 53.209, 50.162]]),
];
