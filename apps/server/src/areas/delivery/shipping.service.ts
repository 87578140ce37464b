import { deliveryKindTitles, parcelStatusTitles, trackingUrlOf } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { BoxberryError } from '../../integrations/boxberry/boxberry-client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { OrdersArea } from '../orders/index.js';
import type { ParcelForDelivery, WarehouseArea } from '../warehouse/index.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import type { ShipmentRow } from './delivery.schema.js';
import type { DeliveryMessages } from './delivery-messages.js';
import { fallbackDestination } from './parcel-views.js';
import { findDestinations, findShipment, insertShipment, updateShipment } from './destinations.repository.js';

const PARCEL_NOT_FOUND = 'Посылка не найдена';
/** Boxberry's words for a parcel in the client's hands. */
const DELIVERED = /выдан|вручен|получен/i;

/** Our order id at Boxberry: the parcel's number, so a repeated ParselCreate updates the same parcel. */
export const boxberryOrderIdOf = (parcelNumber: number) => `VM-${parcelNumber}`;

function asGatewayError(error: unknown): never {
  if (error instanceof BoxberryError) throw new AppError('BAD_GATEWAY', error.message);
  throw error;
}

/**
 * Shipping through Boxberry. The parcel is created at Boxberry first, outside any transaction (a
 * slow answer holds no locks); only then is the shipment written and the parcel moved, under its
 * lock. A refusal or a timeout writes nothing, and pressing «Отправить» again is safe: Boxberry keeps
 * one parcel per order id and answers the same track.
 */
export function createShippingService({
  db,
  warehouse,
  orders,
  boxberry,
  messages,
  log,
}: {
  db: Db;
  warehouse: WarehouseArea;
  orders: OrdersArea;
  boxberry: BoxberryConnection;
  messages: DeliveryMessages;
  log: FastifyBaseLogger;
}) {
  const parcels = warehouse.logistics;

  async function parcelOf(id: string): Promise<ParcelForDelivery> {
    const [parcel] = await parcels.find(db, [id]);
    if (!parcel) throw new AppError('NOT_FOUND', PARCEL_NOT_FOUND);
    return parcel;
  }

  async function createAtBoxberry(parcel: ParcelForDelivery) {
    const destination = (await findDestinations(db, [parcel.id])).get(parcel.id) ?? fallbackDestination(parcel);
    const defaults = await boxberry.shippingDefaults();
    const found = await orders.fulfilment.findWarehouseOrders(db, parcel.orderIds);
    const declared = found.reduce((sum, o) => sum + o.totalKopecks, 0);
    const { client } = await boxberry.link();
    return client
      .createParcel({
        orderId: boxberryOrderIdOf(parcel.number),
        kind: parcel.deliveryKind === 'courier' ? 'courier' : 'pickup_point',
        ...(destination.point ? { targetPointCode: destination.point.code } : {}),
        ...(defaults.senderPointCode ? { senderPointCode: defaults.senderPointCode } : {}),
        recipient: { fullName: `${destination.recipientSurname} ${destination.recipientName}`.trim(), phone: destination.recipientPhone },
        ...(destination.address
          ? {
              courierAddress: {
                postalCode: destination.address.postalCode,
                city: destination.address.city,
                address: [destination.address.value, destination.address.details].filter(Boolean).join(', '),
              },
            }
          : {}),
        weightGrams: parcel.weightGrams,
        dimensionsCm: {
          length: parcel.lengthCm ?? defaults.lengthCm,
          width: parcel.widthCm ?? defaults.widthCm,
          height: parcel.heightCm ?? defaults.heightCm,
        },
        declaredValueKopecks: declared,
        items: found
          .sort((a, b) => a.number - b.number)
          .map((o) => ({
            id: String(o.number),
            name: `Заказ №${o.number}: ${o.purchaseTitle}`,
            quantity: 1,
            priceKopecks: o.totalKopecks,
          })),
      })
      .catch(asGatewayError);
  }

  /** Applies Boxberry's statuses: the history, the last one, and delivery when the client has the parcel. */
  async function applyStatuses(shipment: ShipmentRow, statuses: { at: Date; name: string }[]): Promise<void> {
    const history = statuses.map((s) => ({ at: s.at.toISOString(), name: s.name })).sort((a, b) => a.at.localeCompare(b.at));
    const last = history.at(-1);
    const isDelivered = Boolean(last && DELIVERED.test(last.name));
    await db.transaction(async (tx) => {
      const [parcel] = await parcels.find(tx, [shipment.parcelId], { forUpdate: true });
      await updateShipment(tx, shipment.parcelId, {
        history,
        lastCheckedAt: new Date(),
        ...(last && last.name !== shipment.statusName ? { statusName: last.name, statusAt: new Date(last.at) } : {}),
        ...(isDelivered ? { deliveredAt: new Date(last!.at) } : {}),
      });
      if (isDelivered && parcel?.status === 'shipped') {
        await parcels.moveTo(tx, parcel, 'delivered', null, `Boxberry: ${last!.name}`);
        await messages.delivered(tx, parcel.phone, parcel.number);
      }
    });
  }

  return {
    async ship(id: string, actor: Actor): Promise<void> {
      const parcel = await parcelOf(id);
      if (parcel.status === 'shipped' || parcel.status === 'delivered') return;
      if (parcel.deliveryKind === 'pickup') throw new AppError('CONFLICT', `Посылка №${parcel.number} — самовывоз: её выдаёт кладовщик`);
      // Said first: paying the delivery would not help while there is nowhere to send the parcel.
      await boxberry.requireOn();
      if (parcel.status !== 'paid') {
        throw new AppError(
          'CONFLICT',
          `Посылка №${parcel.number} «${parcelStatusTitles[parcel.status]}»: отправить можно только после оплаты доставки`,
        );
      }
      const created = await createAtBoxberry(parcel);
      await db.transaction(async (tx) => {
        const [locked] = await parcels.find(tx, [id], { forUpdate: true });
        if (!locked || locked.status !== 'paid') return;
        await insertShipment(tx, {
          parcelId: id,
          boxberryOrderId: boxberryOrderIdOf(locked.number),
          track: created.track,
          labelUrl: created.labelUrl,
          createdById: actor?.id ?? null,
          createdByName: actor?.name ?? null,
        });
        await parcels.moveTo(tx, locked, 'shipped', actor, `Boxberry, трек ${created.track} (${deliveryKindTitles[locked.deliveryKind]})`);
        await messages.shipped(tx, locked.phone, locked.number, created.track, trackingUrlOf(created.track));
      });
    },

    async refresh(id: string): Promise<void> {
      const parcel = await parcelOf(id);
      const shipment = await findShipment(db, parcel.id);
      if (!shipment) throw new AppError('CONFLICT', `Посылка №${parcel.number} ещё не отправлена`);
      const { client } = await boxberry.link();
      await applyStatuses(shipment, await client.listStatuses(shipment.track).catch(asGatewayError));
    },

    /** One poll of a shipment for the background job; a failure is logged and waits for the next turn. */
    async poll(shipment: ShipmentRow): Promise<void> {
      try {
        const { client } = await boxberry.link();
        await applyStatuses(shipment, await client.listStatuses(shipment.track));
      } catch (error) {
        log.warn({ err: error, parcelId: shipment.parcelId }, 'shipment status was not read');
        await updateShipment(db, shipment.parcelId, { lastCheckedAt: new Date() });
      }
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
