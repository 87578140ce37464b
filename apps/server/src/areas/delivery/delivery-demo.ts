import type { CourierAddress, Recipient } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { MethodsService } from './methods.service.js';
import type { PointsSyncService } from './points-sync.js';
import type { PointsService } from './points.service.js';
import { countActivePoints } from './points.repository.js';
import { hasAnyVersion } from './price-list.repository.js';
import { moscowToday, type PriceListService } from './price-list.service.js';

/** A price list a Russian shop might start with: Boxberry to a point, a courier, free self-pickup. */
const demoTariffs = [
  { kind: 'boxberry' as const, fromGrams: 0, toGrams: 1000, priceKopecks: 29_000 },
  { kind: 'boxberry' as const, fromGrams: 1001, toGrams: 3000, priceKopecks: 35_000 },
  { kind: 'boxberry' as const, fromGrams: 3001, toGrams: 10_000, priceKopecks: 49_000 },
  { kind: 'boxberry' as const, fromGrams: 10_001, toGrams: 31_000, priceKopecks: 89_000 },
  { kind: 'courier' as const, fromGrams: 0, toGrams: 1000, priceKopecks: 45_000 },
  { kind: 'courier' as const, fromGrams: 1001, toGrams: 5000, priceKopecks: 55_000 },
  { kind: 'courier' as const, fromGrams: 5001, toGrams: 31_000, priceKopecks: 99_000 },
  { kind: 'pickup' as const, fromGrams: 0, toGrams: 100_000, priceKopecks: 0 },
];

/** A demo client's method: a Boxberry point is named by its city (the city's first point is taken). */
export type DemoMethod = { recipient: Recipient; isDefault: boolean } & (
  { kind: 'boxberry'; cityCode: string } | { kind: 'courier'; address: Omit<CourierAddress, 'lat' | 'lon'> } | { kind: 'pickup' }
);

/**
 * Demo delivery: the points loaded from the built-in Boxberry emulator (as the nightly job would),
 * a price list in force today, and the demo clients' methods. Nothing is added to a shop that already
 * has points or a price list, nor to a client who already has methods.
 */
export async function seedDeliveryDemo({
  db,
  sync,
  priceList,
  methods,
  points,
  clients,
}: {
  db: Db;
  sync: PointsSyncService;
  priceList: PriceListService;
  methods: MethodsService;
  points: PointsService;
  clients: { userId: string; methods: DemoMethod[] }[];
}): Promise<void> {
  if ((await countActivePoints(db)) === 0) await sync.runNow('manual');
  if (!(await hasAnyVersion(db))) await priceList.save(moscowToday(), demoTariffs, null);
  for (const client of clients) {
    if ((await methods.countOf(client.userId)) > 0) continue;
    for (const method of client.methods) {
      const { recipient, isDefault } = method;
      if (method.kind === 'boxberry') {
        const [point] = await points.offeredPoints(method.cityCode, '');
        if (point) await methods.create(client.userId, { kind: 'boxberry', pointCode: point.code, recipient, isDefault });
      } else if (method.kind === 'courier') {
        await methods.create(client.userId, {
          kind: 'courier',
          address: { lat: null, lon: null, ...method.address },
          recipient,
          isDefault,
        });
      } else {
        await methods.create(client.userId, { kind: 'pickup', recipient, isDefault });
      }
    }
  }
}
