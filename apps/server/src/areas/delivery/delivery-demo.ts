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

/**
 * Demo delivery: the points loaded from the built-in Boxberry emulator (as the nightly job would),
 * a price list in force today, and the demo client's two methods (self-pickup, the default, and a
 * Moscow pickup point). Nothing is added to a shop that already has points or a price list.
 */
export async function seedDeliveryDemo({
  db,
  sync,
  priceList,
  methods,
  points,
  clientUserId,
}: {
  db: Db;
  sync: PointsSyncService;
  priceList: PriceListService;
  methods: MethodsService;
  points: PointsService;
  clientUserId: string | null;
}): Promise<void> {
  if ((await countActivePoints(db)) === 0) await sync.runNow('manual');
  if (!(await hasAnyVersion(db))) await priceList.save(moscowToday(), demoTariffs, null);
  if (!clientUserId || (await methods.countOf(clientUserId)) > 0) return;
  const recipient = { phone: '79000000004', name: 'Мария', surname: 'Иванова' };
  // Moscow's first point: Boxberry's city code 68.
  const [point] = await points.offeredPoints('68', '');
  // Self-pickup is the default, so the warehouse's demo hand-over works; the point is one click away.
  await methods.create(clientUserId, { kind: 'pickup', recipient, isDefault: true });
  if (point) await methods.create(clientUserId, { kind: 'boxberry', pointCode: point.code, recipient, isDefault: false });
}
