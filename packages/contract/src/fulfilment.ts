import { type FulfilmentStatus, fulfilmentStatusTitles } from './fulfilment-statuses.js';

/**
 * Where an order's goods may go next, in one place: the server refuses anything else and the
 * storekeeper's page offers only these. Steps back exist for corrections: a receiving fixed before
 * packing, a parcel unpacked before it left.
 */
export const fulfilmentTransitions: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  awaiting_goods: ['arrived'],
  arrived: ['awaiting_goods', 'packed'],
  packed: ['arrived', 'shipped', 'ready_for_pickup'],
  shipped: ['delivered'],
  ready_for_pickup: ['delivered', 'arrived'],
  delivered: [],
};

export function canChangeFulfilment(from: FulfilmentStatus, to: FulfilmentStatus): boolean {
  return fulfilmentTransitions[from].includes(to);
}

/** The 409 message of an illegal step, naming both states. */
export function illegalFulfilmentMessage(orderNumber: number, from: FulfilmentStatus, to: FulfilmentStatus): string {
  return `Заказ №${orderNumber}: нельзя перевести из «${fulfilmentStatusTitles[from]}» в «${fulfilmentStatusTitles[to]}»`;
}

/** Statuses after packing: the order's lines and receiving no longer change. */
export const packedFulfilmentStatuses: readonly FulfilmentStatus[] = ['packed', 'shipped', 'ready_for_pickup', 'delivered'];
