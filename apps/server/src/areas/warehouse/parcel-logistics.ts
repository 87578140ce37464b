import { type DeliveryKind, normalizePhone, type ParcelStatus, parcelStatusTitles } from '@vmeste/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { OrdersArea } from '../orders/index.js';
import { findParcelOrderIds, updateParcel } from './parcels.repository.js';
import { type ParcelRow, parcels } from './warehouse.schema.js';
import { containsPattern } from '../../shared/like-pattern.js';

/** A parcel as the delivery area sees it: the box, its client and its orders. */
export type ParcelForDelivery = ParcelRow & { orderIds: string[]; orderNumbers: number[] };

/**
 * The steps the delivery area may take with a parcel. Backwards steps are corrections: an invoice
 * canceled (invoiced → packed), a delivery payment refunded before shipping (paid → invoiced).
 */
const transitions: Record<ParcelStatus, ParcelStatus[]> = {
  packed: ['invoiced', 'ready_for_pickup'],
  invoiced: ['packed', 'paid'],
  paid: ['invoiced', 'shipped', 'ready_for_pickup'],
  shipped: ['delivered'],
  ready_for_pickup: ['delivered'],
  delivered: [],
};

/** The orders' step that follows the parcel's, if any. */
const orderStepOf: Partial<Record<ParcelStatus, 'shipped' | 'delivered'>> = { shipped: 'shipped', delivered: 'delivered' };

export type ParcelListFilter = {
  statuses: readonly ParcelStatus[];
  kinds?: readonly DeliveryKind[];
  ids?: readonly string[];
  phone?: string;
  /** A parcel number, digits of a phone, or part of a name. */
  q?: string;
  limit: number;
  offset: number;
};

/**
 * A parcel by what staff type: a whole phone in any common form (an index lookup), a parcel number
 * (up to 3 digits: only the number, since every phone holds such a run of digits), 4 to 9 digits (the
 * number, or a part of the phone such as its last four), or a part of the client's name.
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const phone = normalizePhone(text);
  if (phone) return eq(parcels.phone, phone);
  const digits = text.replace(/\D/g, '');
  const byName = ilike(parcels.clientName, containsPattern(text));
  if (/^\d+$/.test(text) && digits.length < 4) return eq(parcels.number, Number(digits));
  if (/^\d+$/.test(text) && digits.length <= 9) return or(eq(parcels.number, Number(digits)), ilike(parcels.phone, `%${digits}%`));
  if (digits.length >= 4) return or(ilike(parcels.phone, `%${digits}%`), byName);
  return byName;
}

/** What the warehouse offers the delivery area: reading parcels and moving them along their way. */
export function createParcelLogistics({ orders }: { orders: OrdersArea }) {
  async function withOrders(db: DbOrTx, rows: ParcelRow[]): Promise<ParcelForDelivery[]> {
    const orderIds = await findParcelOrderIds(
      db,
      rows.map((r) => r.id),
    );
    const found = await orders.fulfilment.findWarehouseOrders(db, [...orderIds.values()].flat());
    const numberOf = new Map(found.map((o) => [o.id, o.number]));
    return rows.map((row) => {
      const ids = orderIds.get(row.id) ?? [];
      return { ...row, orderIds: ids, orderNumbers: ids.map((id) => numberOf.get(id)!).sort((a, b) => a - b) };
    });
  }

  return {
    /** The parcels by id, in id order when locked (so two transactions never wait on each other crosswise). */
    async find(db: DbOrTx, ids: readonly string[], options: { forUpdate?: boolean } = {}): Promise<ParcelForDelivery[]> {
      if (ids.length === 0) return [];
      const query = db
        .select()
        .from(parcels)
        .where(inArray(parcels.id, [...ids]))
        .orderBy(options.forUpdate ? parcels.id : parcels.number);
      return withOrders(db, options.forUpdate ? await query.for('update') : await query);
    },

    async list(db: DbOrTx, filter: ParcelListFilter): Promise<{ rows: ParcelForDelivery[]; total: number }> {
      if (filter.statuses.length === 0 || filter.kinds?.length === 0 || filter.ids?.length === 0) return { rows: [], total: 0 };
      const where = and(
        inArray(parcels.status, [...filter.statuses]),
        filter.kinds ? inArray(parcels.deliveryKind, [...filter.kinds]) : undefined,
        filter.ids ? inArray(parcels.id, [...filter.ids]) : undefined,
        filter.phone ? eq(parcels.phone, filter.phone) : undefined,
        filter.q ? searchCondition(filter.q) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db.select().from(parcels).where(where).orderBy(desc(parcels.number)).limit(filter.limit).offset(filter.offset),
        db.select({ n: count() }).from(parcels).where(where),
      ]);
      return { rows: await withOrders(db, rows), total: Number(totals?.n ?? 0) };
    },

    /** Counts by status and kind, for the logistician's home page. */
    async countByStatus(db: DbOrTx): Promise<{ status: ParcelStatus; kind: DeliveryKind; n: number }[]> {
      const rows = await db
        .select({ status: parcels.status, kind: parcels.deliveryKind, n: count() })
        .from(parcels)
        .groupBy(parcels.status, parcels.deliveryKind);
      return rows.map((r) => ({ ...r, n: Number(r.n) }));
    },

    /** Moves a locked parcel one step; its orders follow when it leaves or reaches the client. */
    async moveTo(tx: Tx, parcel: ParcelForDelivery, to: ParcelStatus, actor: Actor, note: string): Promise<ParcelRow> {
      if (parcel.status === to) return parcel;
      if (!transitions[parcel.status].includes(to)) {
        throw new AppError(
          'CONFLICT',
          `Посылка №${parcel.number} «${parcelStatusTitles[parcel.status]}»: в «${parcelStatusTitles[to]}» её перевести нельзя`,
        );
      }
      const step = orderStepOf[to];
      if (step) await orders.fulfilment.changeFulfilment(tx, parcel.orderIds, step, actor, note);
      return updateParcel(tx, parcel.id, {
        status: to,
        ...(to === 'delivered'
          ? { handedOverAt: new Date(), handedOverById: actor?.id ?? null, handedOverByName: actor?.name ?? null }
          : {}),
      });
    },

    async setKind(tx: Tx, parcelId: string, kind: DeliveryKind): Promise<void> {
      await updateParcel(tx, parcelId, { deliveryKind: kind });
    },
  };
}
