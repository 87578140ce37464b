import { type AdminPoint, mapUrlOf, type PickupPoint } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import type { PointRow } from './delivery.schema.js';
import { listAllCities, listOfferedCities, listOfferedPoints, listPointsPage, setPointEnabled } from './points.repository.js';

export function toPointView(row: PointRow): PickupPoint {
  return {
    code: row.code,
    name: row.name,
    cityCode: row.cityCode,
    cityName: row.cityName,
    address: row.address,
    workSchedule: row.workSchedule,
    phone: row.phone,
    tripDescription: row.tripDescription,
    lat: row.lat,
    lon: row.lon,
    isPostamat: row.isPostamat,
    deliveryPeriodDays: row.deliveryPeriodDays,
    mapUrl: mapUrlOf(row),
  };
}

function toAdminPointView(row: PointRow): AdminPoint {
  return { ...toPointView(row), isEnabled: row.isEnabled, onlyPrepaidOrders: row.onlyPrepaidOrders, syncedAt: row.syncedAt.toISOString() };
}

/**
 * Pickup points: what clients choose from, and the logistician's list with the shop's switch. While
 * Boxberry is off (production without a token) clients are offered none: a parcel to a point could
 * not be sent. The logistician's list still shows what an earlier sync loaded.
 */
export function createPointsService({ db, boxberry }: { db: Db; boxberry: Pick<BoxberryConnection, 'mode'> }) {
  const isOff = async () => (await boxberry.mode()) === 'off';
  return {
    async offeredCities() {
      return (await isOff()) ? [] : listOfferedCities(db);
    },
    async offeredPoints(cityCode: string, q: string): Promise<PickupPoint[]> {
      if (await isOff()) return [];
      return (await listOfferedPoints(db, cityCode, q)).map(toPointView);
    },
    allCities: () => listAllCities(db),
    async page(query: { cityCode: string; q: string; enabled: 'all' | 'on' | 'off'; page: number; pageSize: number }) {
      const { rows, total } = await listPointsPage(db, { ...query, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: rows.map(toAdminPointView), total };
    },
    async setEnabled(code: string, isEnabled: boolean): Promise<AdminPoint> {
      const row = await setPointEnabled(db, code, isEnabled);
      if (!row) throw new AppError('NOT_FOUND', 'Пункт выдачи не найден');
      return toAdminPointView(row);
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
