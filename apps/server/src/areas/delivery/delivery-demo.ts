import type { CourierAddress, Recipient } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import type { InvoicesService } from './invoices.service.js';
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
 * The delivery area's part of the demo data (`src/seed/`), made through the area's own services as
 * the nightly job and the logistician would; nothing in the running shop calls it.
 */
export function createDeliveryDemo({
  db,
  accounts,
  sync,
  priceList,
  methods,
  points,
  invoices,
}: {
  db: Db;
  accounts: AccountsArea;
  sync: PointsSyncService;
  priceList: PriceListService;
  methods: MethodsService;
  points: PointsService;
  invoices: InvoicesService;
}) {
  async function addMethods(client: { userId: string; methods: DemoMethod[] }): Promise<void> {
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

  return {
    /**
     * The points loaded from the built-in Boxberry emulator, a price list in force today, and the
     * methods of the clients with these phones. Nothing is added to a shop that already has points or
     * a price list, nor to a client who already has methods.
     */
    async seed(clients: { phone: string; methods: DemoMethod[] }[]): Promise<void> {
      if ((await countActivePoints(db)) === 0) await sync.runNow('manual');
      if (!(await hasAnyVersion(db))) await priceList.save(moscowToday(), demoTariffs, null);
      const users = await accounts.findClientsByPhones(
        db,
        clients.map((c) => c.phone),
      );
      for (const client of clients) {
        const user = users.get(client.phone);
        if (!user || (await methods.countOf(user.id)) > 0) continue;
        await addMethods({ userId: user.id, methods: client.methods });
      }
    },
    /** A parcel invoiced at the price list's price, as the logistician would. */
    async invoice(parcelId: string): Promise<void> {
      await invoices.create({ parcelIds: [parcelId], priceKopecks: null, comment: '' }, null);
    },
  };
}
