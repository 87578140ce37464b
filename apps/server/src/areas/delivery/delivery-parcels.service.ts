import {
  type ClientParcel,
  type DeliveryKind,
  type LogisticsParcel,
  type LogisticsStage,
  type LogisticsSummary,
  type ParcelStatus,
  STALLED_SHIPMENT_DAYS,
  shippedDeliveryKinds,
} from '@vmeste/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { AccountsArea } from '../accounts/index.js';
import type { PaymentsArea } from '../payments/index.js';
import type { ParcelForDelivery, ParcelRow, WarehouseArea } from '../warehouse/index.js';
import { findDefaultMethod, findUserMethod } from './methods.repository.js';
import { findParcelIdsByTrack, findStalledParcelIds, upsertDestination } from './destinations.repository.js';
import { recipientFromClient } from './destinations.js';
import { findLiveInvoicesOfParcels, unpaidSummary } from './invoices.repository.js';
import type { InvoicesService } from './invoices.service.js';
import { needsInvoice, parcelViews, toClientParcel } from './parcel-views.js';
import type { PriceListService } from './price-list.service.js';
import { pointUnavailableReason } from './methods.service.js';
import { findPoint } from './points.repository.js';

const PARCEL_NOT_FOUND = 'Посылка не найдена';
const DAY_MS = 24 * 60 * 60 * 1000;

const stageStatuses: Record<Exclude<LogisticsStage, 'stalled'>, ParcelStatus[]> = {
  awaiting_invoice: ['packed'],
  invoiced: ['invoiced'],
  to_ship: ['paid'],
  shipped: ['shipped'],
  ready_for_pickup: ['ready_for_pickup'],
  delivered: ['delivered'],
};

/**
 * Parcels on their way: where each goes (copied from the client's default method when packed, and
 * changed by the client while the delivery is unpaid), and the logistician's lists and counts.
 */
export function createDeliveryParcels({
  db,
  warehouse,
  accounts,
  payments,
  priceList,
  invoices,
  pickupAddress,
}: {
  db: Db;
  warehouse: WarehouseArea;
  accounts: AccountsArea;
  payments: PaymentsArea;
  priceList: PriceListService;
  invoices: InvoicesService;
  pickupAddress: string;
}) {
  const parcels = warehouse.logistics;

  async function views(dbOrTx: DbOrTx, rows: ParcelForDelivery[]): Promise<LogisticsParcel[]> {
    const live = await findLiveInvoicesOfParcels(
      dbOrTx,
      rows.map((r) => r.id),
    );
    const [current, openInvoiceIds] = await Promise.all([
      priceList.currentTariffs(dbOrTx),
      payments.invoicesInPayment(
        dbOrTx,
        [...live.values()].map((i) => i.id),
      ),
    ]);
    return parcelViews(dbOrTx, rows, { pickupAddress, tariffs: current?.tariffs ?? null, openInvoiceIds });
  }

  async function viewOne(id: string): Promise<LogisticsParcel> {
    const rows = await parcels.find(db, [id]);
    if (rows.length === 0) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
    return (await views(db, rows))[0]!;
  }

  /** Packing: the parcel goes the way of its client's default method, or to self-pickup without one. */
  async function chooseForNewParcel(tx: Tx, parcel: ParcelRow): Promise<DeliveryKind> {
    const client = (await accounts.findClientsByPhones(tx, [parcel.phone])).get(parcel.phone);
    const method = client ? await findDefaultMethod(tx, client.id) : undefined;
    const point = method?.point ? await findPoint(tx, method.point.code) : undefined;
    // A default method whose point closed since would send the parcel nowhere: self-pickup until the client chooses.
    const usable = method && (method.kind !== 'boxberry' || !pointUnavailableReason(point));
    const fallback = recipientFromClient(parcel.phone, client, parcel.clientName);
    await upsertDestination(tx, {
      parcelId: parcel.id,
      kind: usable ? method.kind : 'pickup',
      methodId: usable ? method.id : null,
      recipientPhone: usable ? method.recipientPhone : fallback.phone,
      recipientName: usable ? method.recipientName : fallback.name,
      recipientSurname: usable ? method.recipientSurname : fallback.surname,
      point: usable ? method.point : null,
      address: usable ? method.address : null,
    });
    return usable ? method.kind : 'pickup';
  }

  /** Whether the price list in force charges for self-pickup (then such parcels are invoiced too). */
  async function pickupNeedsInvoice(): Promise<boolean> {
    const current = await priceList.currentTariffs(db);
    return needsInvoice('pickup', 1, current?.tariffs ?? null);
  }

  return {
    chooseForNewParcel,
    viewOne,

    async listMine(phone: string): Promise<ClientParcel[]> {
      const { rows } = await parcels.list(db, {
        statuses: ['packed', 'invoiced', 'paid', 'shipped', 'ready_for_pickup', 'delivered'],
        phone,
        limit: 100,
        offset: 0,
      });
      return (await views(db, rows)).map(toClientParcel);
    },

    /** The client sends a parcel another way while its delivery is unpaid; an unpaid invoice is canceled. */
    async changeMethod(user: { id: string; phone: string }, parcelId: string, methodId: string, actor: Actor): Promise<ClientParcel> {
      await db.transaction(async (tx) => {
        const [parcel] = await parcels.find(tx, [parcelId], { forUpdate: true });
        if (!parcel || parcel.phone !== user.phone) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
        if (parcel.status !== 'packed' && parcel.status !== 'invoiced') {
          throw new AppError('CONFLICT', `Доставка посылки №${parcel.number} уже оплачена: способ доставки не меняется`);
        }
        const method = await findUserMethod(tx, user.id, methodId);
        if (!method) throw new AppError('NOT_FOUND', 'Способ доставки не найден', { field: 'methodId' });
        if (method.kind === 'boxberry') {
          const reason = pointUnavailableReason(method.point ? await findPoint(tx, method.point.code) : undefined);
          if (reason) throw new AppError('CONFLICT', reason, { field: 'methodId' });
        }
        const live = (await findLiveInvoicesOfParcels(tx, [parcel.id])).get(parcel.id);
        if (live) await invoices.cancelUnpaid(tx, live, actor);
        await upsertDestination(tx, {
          parcelId: parcel.id,
          kind: method.kind,
          methodId: method.id,
          recipientPhone: method.recipientPhone,
          recipientName: method.recipientName,
          recipientSurname: method.recipientSurname,
          point: method.point,
          address: method.address,
        });
        await parcels.setKind(tx, parcel.id, method.kind);
      });
      return toClientParcel(await viewOne(parcelId));
    },

    async list(query: { stage: LogisticsStage; q: string; page: number; pageSize: number }) {
      const limit = query.pageSize;
      const offset = (query.page - 1) * query.pageSize;
      const q = query.q.trim();
      const byTrack = q && /^[A-Za-z]{0,3}\d{6,}$/.test(q) ? await findParcelIdsByTrack(db, q) : [];
      const base = byTrack.length > 0 ? { ids: byTrack } : q ? { q } : {};
      let found: { rows: ParcelForDelivery[]; total: number };
      if (query.stage === 'stalled') {
        const ids = await findStalledParcelIds(db, new Date(Date.now() - STALLED_SHIPMENT_DAYS * DAY_MS));
        const only = byTrack.length > 0 ? ids.filter((id) => byTrack.includes(id)) : ids;
        found = await parcels.list(db, { ...base, statuses: ['shipped'], ids: only, limit, offset });
      } else {
        // As the summary counts them: free self-pickup waits for the storekeeper, not for an invoice.
        const isPickupFree = query.stage === 'awaiting_invoice' && !(await pickupNeedsInvoice());
        const kinds = query.stage === 'to_ship' || isPickupFree ? shippedDeliveryKinds : undefined;
        found = await parcels.list(db, { ...base, statuses: stageStatuses[query.stage], ...(kinds ? { kinds } : {}), limit, offset });
      }
      return { items: await views(db, found.rows), total: found.total };
    },

    async summary(): Promise<LogisticsSummary> {
      const [counts, unpaid, stalled, isPickupPaid] = await Promise.all([
        parcels.countByStatus(db),
        unpaidSummary(db),
        findStalledParcelIds(db, new Date(Date.now() - STALLED_SHIPMENT_DAYS * DAY_MS)),
        pickupNeedsInvoice(),
      ]);
      const countOf = (status: ParcelStatus, kinds?: readonly DeliveryKind[]) =>
        counts.filter((c) => c.status === status && (!kinds || kinds.includes(c.kind))).reduce((sum, c) => sum + c.n, 0);
      return {
        // Free self-pickup waits for the storekeeper, not for an invoice.
        awaitingInvoice: countOf('packed', isPickupPaid ? undefined : shippedDeliveryKinds),
        invoiced: unpaid.count,
        oldestUnpaidDays: unpaid.oldest ? Math.floor((Date.now() - unpaid.oldest.getTime()) / DAY_MS) : null,
        toShip: countOf('paid', shippedDeliveryKinds),
        stalled: stalled.length,
        stalledDays: STALLED_SHIPMENT_DAYS,
        shipped: countOf('shipped'),
        readyForPickup: countOf('ready_for_pickup'),
      };
    },
  };
}

export type DeliveryParcels = ReturnType<typeof createDeliveryParcels>;
