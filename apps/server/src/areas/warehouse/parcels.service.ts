import {
  type DeliveryKind,
  deliveryKindTitles,
  formatMoney,
  formatMoscowDate,
  fulfilmentStatusTitles,
  type LabelFormat,
  maskPhone,
  type Parcel,
  type parcelListQuerySchema,
  type PackParcelBody,
  parcelBarcodeOf,
} from '@vmeste/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea, WarehouseOrderRow } from '../orders/index.js';
import { renderParcelLabels } from './labels/parcel-labels.js';
import { toParcelView } from './parcel-view.js';
import {
  deleteParcel,
  findParcel,
  findParcelOrderIds,
  findParcelsByIds,
  findParcelsOfOrders,
  insertParcel,
  listParcels,
  updateParcel,
} from './parcels.repository.js';
import type { ParcelRow } from './warehouse.schema.js';
import { parcelReadyText } from './warehouse-messages.js';

const PARCEL_NOT_FOUND = 'Посылка не найдена';
/** A parcel is collected at the shop unless the delivery area says otherwise (the client's default method). */
const DEFAULT_DELIVERY: DeliveryKind = 'pickup';

/** Chooses how a new parcel travels, inside the packing transaction (the delivery area provides it). */
export type DeliveryChooser = (tx: Tx, parcel: ParcelRow) => Promise<DeliveryKind>;

/** Why an order cannot go into a parcel now, or null when it can. */
export function whyNotPackable(order: WarehouseOrderRow, parcelNumber: number | null): string | null {
  if (order.isCanceled) return 'Заказ отменён';
  if (parcelNumber !== null) return `Уже в посылке №${parcelNumber}`;
  if (order.fulfilmentStatus !== 'arrived') {
    if (order.fulfilmentStatus === 'awaiting_goods') return order.isFullyReceived ? 'Ничего не поступило' : 'Товары ещё не поступили';
    return fulfilmentStatusTitles[order.fulfilmentStatus];
  }
  if (order.dueKopecks > 0) return `Не оплачен: к оплате ${formatMoney(order.dueKopecks)}`;
  return null;
}

type ListQuery = z.output<typeof parcelListQuerySchema>;

/**
 * Parcels: packing a client's arrived, paid orders, the shelf, hand-over and labels. Every change
 * locks the parcel and its orders, and moves the orders only through the orders area's face.
 */
export function createParcelsService({ db, orders, messenger }: { db: Db; orders: OrdersArea; messenger: Messenger }) {
  let chooseDelivery: DeliveryChooser | null = null;
  /** Before a parcel goes on the pickup shelf; a subscriber may veto (delivery: self-pickup that must be paid first). */
  const shelving = createInTransactionEvent<{ parcel: ParcelRow }>();

  async function views(dbOrTx: DbOrTx, rows: ParcelRow[]): Promise<Parcel[]> {
    const orderIds = await findParcelOrderIds(
      dbOrTx,
      rows.map((r) => r.id),
    );
    const found = await orders.fulfilment.findWarehouseOrders(dbOrTx, [...orderIds.values()].flat());
    const orderById = new Map(found.map((o) => [o.id, o]));
    return rows.map((r) =>
      toParcelView(
        r,
        (orderIds.get(r.id) ?? []).map((id) => orderById.get(id)!),
      ),
    );
  }

  async function viewOne(id: string): Promise<Parcel> {
    const row = await findParcel(db, id);
    if (!row) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
    return (await views(db, [row]))[0]!;
  }

  async function locked<T>(id: string, work: (parcel: ParcelRow, orderIds: string[], tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const parcel = await findParcel(tx, id, { forUpdate: true });
      if (!parcel) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
      return work(parcel, (await findParcelOrderIds(tx, [id])).get(id) ?? [], tx);
    });
  }

  function requireNotHandedOver(parcel: ParcelRow) {
    if (parcel.status === 'delivered') {
      const at = parcel.handedOverAt ? formatMoscowDate(parcel.handedOverAt) : '';
      throw new AppError('CONFLICT', `Посылка №${parcel.number} уже выдана ${at}`.trim());
    }
  }

  async function setReady(tx: Tx, parcel: ParcelRow, orderIds: string[], actor: Actor): Promise<ParcelRow> {
    if (parcel.deliveryKind !== 'pickup') {
      throw new AppError(
        'CONFLICT',
        `Посылка №${parcel.number} едет «${deliveryKindTitles[parcel.deliveryKind]}»: её отправляет логист, на полку самовывоза она не идёт`,
      );
    }
    if (parcel.status === 'invoiced') {
      throw new AppError('CONFLICT', `Доставка посылки №${parcel.number} ещё не оплачена: выдать её можно после оплаты счёта`);
    }
    await shelving.emit(tx, { parcel });
    await orders.fulfilment.changeFulfilment(tx, orderIds, 'ready_for_pickup', actor, `Посылка №${parcel.number} на полке`);
    return updateParcel(tx, parcel.id, { status: 'ready_for_pickup', readyAt: new Date() });
  }

  /** In the transaction that shelves the parcel: the message goes exactly when that commits (decision 027). */
  async function tellReady(tx: Tx, parcel: ParcelRow, orderIds: string[]) {
    const found = await orders.fulfilment.findWarehouseOrders(tx, orderIds);
    const numbers = found.map((o) => o.number).sort((a, b) => a - b);
    await messenger.notify(tx, { phone: parcel.phone, kind: 'parcel_ready', text: parcelReadyText(parcel, numbers), secret: '' });
  }

  return {
    views,
    get: viewOne,
    provideDeliveryChooser(chooser: DeliveryChooser): void {
      chooseDelivery = chooser;
    },
    onShelving: shelving.subscribe,

    async list(query: ListQuery) {
      const { rows, total } = await listParcels(db, {
        status: query.status,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: await views(db, rows), total };
    },

    async pack(input: PackParcelBody & { orderIds: string[]; weightGrams: number }, actor: Actor): Promise<Parcel> {
      const id = await db.transaction(async (tx) => {
        const found = await orders.fulfilment.lockWarehouseOrders(tx, input.orderIds);
        if (found.length !== new Set(input.orderIds).size) throw new AppError('NOT_FOUND', 'Заказ не найден: обновите страницу');
        if (new Set(found.map((o) => o.phone)).size > 1) {
          throw new AppError('CONFLICT', 'В одну посылку кладут заказы одного клиента', { field: 'orderIds' });
        }
        const inParcels = await findParcelsOfOrders(
          tx,
          found.map((o) => o.id),
        );
        for (const order of found) {
          const reason = whyNotPackable(order, inParcels.get(order.id)?.number ?? null);
          if (reason)
            throw new AppError('CONFLICT', `Заказ №${order.number}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`, {
              field: 'orderIds',
            });
        }
        const client = found[0]!;
        const parcel = await insertParcel(
          tx,
          {
            phone: client.phone,
            clientName: found.find((o) => o.clientName)?.clientName ?? '',
            deliveryKind: DEFAULT_DELIVERY,
            weightGrams: input.weightGrams,
            lengthCm: input.lengthCm ?? null,
            widthCm: input.widthCm ?? null,
            heightCm: input.heightCm ?? null,
            packedById: actor?.id ?? null,
            packedByName: actor?.name ?? null,
          },
          found.map((o) => o.id),
        );
        await orders.fulfilment.changeFulfilment(
          tx,
          found.map((o) => o.id),
          'packed',
          actor,
          `Посылка №${parcel.number}`,
        );
        if (chooseDelivery) {
          const kind = await chooseDelivery(tx, parcel);
          if (kind !== parcel.deliveryKind) await updateParcel(tx, parcel.id, { deliveryKind: kind });
        }
        return parcel.id;
      });
      return viewOne(id);
    },

    /** The parcel is on the pickup shelf: its orders are ready and the client is told. Pressing again changes nothing. */
    async markReady(id: string, actor: Actor): Promise<Parcel> {
      await locked(id, async (parcel, orderIds, tx) => {
        requireNotHandedOver(parcel);
        if (parcel.status === 'ready_for_pickup') return;
        const ready = await setReady(tx, parcel, orderIds, actor);
        await tellReady(tx, ready, orderIds);
      });
      return viewOne(id);
    },

    /**
     * Hands a self-pickup parcel to the client who names the last four digits of their phone. A parcel
     * packed while the client waits goes through «ready» on the way, so its history stays whole.
     */
    async handOver(id: string, phoneLast4: string, actor: Actor): Promise<Parcel> {
      await locked(id, async (parcel, orderIds, tx) => {
        requireNotHandedOver(parcel);
        if (parcel.deliveryKind !== 'pickup') {
          throw new AppError('CONFLICT', `Посылка №${parcel.number} — не самовывоз: «${deliveryKindTitles[parcel.deliveryKind]}»`);
        }
        if (!parcel.phone.endsWith(phoneLast4)) {
          throw new AppError('BAD_REQUEST', 'Последние 4 цифры телефона не совпадают: проверьте, тот ли это клиент', {
            field: 'phoneLast4',
          });
        }
        if (parcel.status !== 'ready_for_pickup') await setReady(tx, parcel, orderIds, actor);
        await orders.fulfilment.changeFulfilment(tx, orderIds, 'delivered', actor, `Посылка №${parcel.number} выдана`);
        await updateParcel(tx, id, {
          status: 'delivered',
          handedOverAt: new Date(),
          handedOverById: actor?.id ?? null,
          handedOverByName: actor?.name ?? null,
        });
      });
      return viewOne(id);
    },

    /** Takes a parcel apart before it left: its orders wait for packing again. */
    async unpack(id: string, actor: Actor): Promise<{ ok: true }> {
      await locked(id, async (parcel, orderIds, tx) => {
        requireNotHandedOver(parcel);
        if (parcel.status === 'invoiced') {
          throw new AppError('CONFLICT', `За доставку посылки №${parcel.number} выставлен счёт: сначала логист отменит его`);
        }
        if (parcel.status === 'paid' || parcel.status === 'shipped') {
          throw new AppError('CONFLICT', `Доставка посылки №${parcel.number} оплачена: расформировать её уже нельзя`);
        }
        await orders.fulfilment.changeFulfilment(tx, orderIds, 'arrived', actor, `Посылка №${parcel.number} расформирована`);
        await deleteParcel(tx, id);
      });
      return { ok: true };
    },

    async labels(ids: string[], format: LabelFormat): Promise<{ fileName: string; pdf: Buffer }> {
      const rows = await findParcelsByIds(db, ids);
      if (rows.length !== ids.length) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
      const orderIds = await findParcelOrderIds(db, ids);
      const found = new Map((await orders.fulfilment.findWarehouseOrders(db, [...orderIds.values()].flat())).map((o) => [o.id, o]));
      const pdf = await renderParcelLabels(
        rows.map((row) => ({
          parcelNumber: row.number,
          barcode: parcelBarcodeOf(row.number),
          clientName: row.clientName || 'Клиент',
          maskedPhone: maskPhone(row.phone),
          orderNumbers: (orderIds.get(row.id) ?? []).map((id) => found.get(id)!.number).sort((a, b) => a - b),
          weightGrams: row.weightGrams,
          deliveryMethodTitle: deliveryKindTitles[row.deliveryKind],
          packedAt: row.createdAt,
        })),
        format,
      );
      const fileName = rows.length === 1 ? `Этикетка посылки ${rows[0]!.number}.pdf` : `Этикетки посылок (${rows.length}).pdf`;
      return { fileName, pdf };
    },
  };
}

export type ParcelsService = ReturnType<typeof createParcelsService>;
