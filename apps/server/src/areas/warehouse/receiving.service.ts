import {
  type PurchaseStatus,
  purchaseStatusTitles,
  type ReceiveResult,
  type ReceivingGroup,
  type ReceivingPurchase,
  receivingPurchaseStatuses,
  type ReceivingSheet,
  packedFulfilmentStatuses,
} from '@vmeste/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { Messenger } from '../messaging/index.js';
import type { ArrivalChange, OrdersArea, ReceivingLineRow } from '../orders/index.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { goodsArrivedText } from './warehouse-messages.js';

type Mark = { lineIds: string[]; arrivedQuantity: number };

const productKey = (l: Pick<ReceivingLineRow, 'product' | 'article' | 'options'>) => JSON.stringify([l.product, l.article, l.options]);
const isLocked = (l: ReceivingLineRow) => packedFulfilmentStatuses.includes(l.fulfilmentStatus);

/**
 * Units of one product over its lines: who ordered first (lower order number) gets the goods first.
 * Lines of packed orders keep what they have, as their parcel is already closed.
 */
export function allocateArrived(lines: ReceivingLineRow[], arrivedQuantity: number): { lineId: string; arrivedQuantity: number }[] {
  const sorted = [...lines].sort((a, b) => a.orderNumber - b.orderNumber);
  let left = arrivedQuantity - sorted.filter(isLocked).reduce((sum, l) => sum + (l.arrivedQuantity ?? l.quantity), 0);
  return sorted
    .filter((l) => !isLocked(l))
    .map((l) => {
      const given = Math.max(0, Math.min(l.quantity, left));
      left -= given;
      return { lineId: l.lineId, arrivedQuantity: given };
    });
}

function groupsOf(lines: ReceivingLineRow[]): ReceivingGroup[] {
  const groups = new Map<string, ReceivingLineRow[]>();
  for (const line of lines) groups.set(productKey(line), [...(groups.get(productKey(line)) ?? []), line]);
  return [...groups].map(([key, group]) => {
    const first = group[0]!;
    const expectedQuantity = group.reduce((sum, l) => sum + l.quantity, 0);
    const received = group.filter((l) => l.arrivedQuantity !== null);
    const arrivedQuantity = received.reduce((sum, l) => sum + l.arrivedQuantity!, 0);
    return {
      key,
      product: first.product,
      article: first.article,
      options: first.options,
      expectedQuantity,
      arrivedQuantity,
      missingQuantity: received.reduce((sum, l) => sum + l.quantity, 0) - arrivedQuantity,
      isReceived: received.length === group.length,
      lines: group.map((l) => ({
        lineId: l.lineId,
        orderId: l.orderId,
        orderNumber: l.orderNumber,
        clientName: l.clientName,
        quantity: l.quantity,
        arrivedQuantity: l.arrivedQuantity,
        fulfilmentStatus: l.fulfilmentStatus,
        isLocked: isLocked(l),
      })),
    };
  });
}

/** What the warehouse area is made of; receiving needs all of it, the other services a part. */
export type WarehouseDeps = { db: Db; orders: OrdersArea; purchases: PurchasesArea; messenger: Messenger; publicUrl: string };

/**
 * Receiving a purchase's goods. Each receiving locks the purchase first, so two storekeepers marking
 * the same purchase take turns and the second sees the first one's marks; marks are absolute, so a
 * repeated request changes nothing and tells nobody twice.
 */
export function createReceivingService({ db, orders, purchases, messenger, publicUrl }: WarehouseDeps) {
  async function summaries(dbOrTx: DbOrTx, rows: PurchaseRow[]): Promise<ReceivingPurchase[]> {
    const counts = await orders.fulfilment.receivingCounts(
      dbOrTx,
      rows.map((r) => r.id),
    );
    return rows.map((p) => {
      const c = counts.get(p.id);
      return {
        id: p.id,
        title: p.title,
        supplier: p.supplier,
        status: p.status,
        ordersCount: c?.ordersCount ?? 0,
        linesCount: c?.linesCount ?? 0,
        receivedLinesCount: c?.receivedLinesCount ?? 0,
        awaitingOrdersCount: c?.awaitingOrdersCount ?? 0,
      };
    });
  }

  async function sheetOf(dbOrTx: DbOrTx, purchase: PurchaseRow): Promise<ReceivingSheet> {
    const [[summary], lines] = await Promise.all([summaries(dbOrTx, [purchase]), orders.fulfilment.receivingLines(dbOrTx, purchase.id)]);
    return { purchase: summary!, groups: groupsOf(lines) };
  }

  async function requirePurchase(dbOrTx: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseRow> {
    const purchase = await purchases.findPurchase(dbOrTx, id, options);
    if (!purchase) throw new AppError('NOT_FOUND', 'Закупка не найдена');
    return purchase;
  }

  /**
   * In the receiving's transaction: the messages go exactly when the marks commit (decision 027). A
   * client is told once the whole order is received, and again after every correction of it (the sum
   * or the missing goods changed). Receivings of a purchase take turns under its lock, so each message
   * is written from the latest marks; one still queued for the order is replaced by the newer one.
   */
  async function tellClients(tx: Tx, changes: ArrivalChange[]) {
    for (const change of changes.filter((c) => c.becameFullyReceived || c.isCorrection)) {
      await messenger.notify(
        tx,
        { phone: change.order.phone, kind: 'goods_arrived', text: goodsArrivedText(change, publicUrl), secret: '' },
        { replaceKey: `goods_arrived:${change.order.id}` },
      );
    }
  }

  async function receive(purchaseId: string, actor: Actor, marksOf: (lines: ReceivingLineRow[]) => Mark[]): Promise<ReceiveResult> {
    const changes = await db.transaction(async (tx) => {
      const purchase = await requirePurchase(tx, purchaseId, { forUpdate: true });
      if (!receivingPurchaseStatuses.includes(purchase.status)) {
        throw new AppError(
          'CONFLICT',
          `Закупка в статусе «${purchaseStatusTitles[purchase.status]}»: товары принимают, когда она в пути или на складе`,
        );
      }
      const lines = await orders.fulfilment.receivingLines(tx, purchase.id);
      const lineById = new Map(lines.map((l) => [l.lineId, l]));
      const arrivals = marksOf(lines).flatMap((mark) => {
        const marked = mark.lineIds.map((id) => lineById.get(id));
        if (marked.some((l) => !l)) throw new AppError('NOT_FOUND', 'Строка заказа не найдена в этой закупке: обновите страницу');
        const group = marked as ReceivingLineRow[];
        if (new Set(group.map(productKey)).size > 1) throw new AppError('BAD_REQUEST', 'В одной отметке — строки только одного товара');
        const expected = group.reduce((sum, l) => sum + l.quantity, 0);
        if (mark.arrivedQuantity > expected) {
          throw new AppError('BAD_REQUEST', `«${group[0]!.product}»: поступило ${mark.arrivedQuantity}, а заказано ${expected}`);
        }
        const allocated = allocateArrived(group, mark.arrivedQuantity);
        // Packed lines keep their units: a mark that would need more or fewer of them is refused, not half-applied.
        const packed = group.filter(isLocked).sort((a, b) => a.orderNumber - b.orderNumber);
        const kept = packed.reduce((sum, l) => sum + (l.arrivedQuantity ?? l.quantity), 0);
        if (packed.length > 0 && kept + allocated.reduce((sum, a) => sum + a.arrivedQuantity, 0) !== mark.arrivedQuantity) {
          throw new AppError(
            'CONFLICT',
            `Заказ №${packed[0]!.orderNumber} уже упакован: его приёмку не изменить, сначала расформируйте посылку`,
          );
        }
        return allocated;
      });
      const changed = await orders.fulfilment.recordArrivals(tx, purchase, arrivals, actor);
      // The first goods received put the purchase on the warehouse, as the admin would have.
      if (purchase.status === 'in_transit' && changed.length > 0) await purchases.moveTo(tx, purchase, 'at_warehouse');
      await tellClients(tx, changed);
      return changed;
    });
    const fullyReceived = changes.filter((c) => c.becameFullyReceived);
    return {
      sheet: await sheetOf(db, await requirePurchase(db, purchaseId)),
      arrivedOrdersCount: fullyReceived.length,
      shortOrdersCount: fullyReceived.filter((c) => c.missingLines.length > 0).length,
    };
  }

  return {
    /**
     * A purchase goes to distribution only with all its goods received (or marked missing): the veto
     * of the purchases area's status change, subscribed in the area's index.ts.
     */
    async refuseUnreceivedDistribution(tx: Tx, { purchase, to }: { purchase: PurchaseRow; to: PurchaseStatus }): Promise<void> {
      if (to !== 'distribution') return;
      const counts = (await orders.fulfilment.receivingCounts(tx, [purchase.id])).get(purchase.id);
      if (counts && counts.receivedLinesCount < counts.linesCount) {
        throw new AppError(
          'CONFLICT',
          `Приёмка не закончена: принято ${counts.receivedLinesCount} из ${counts.linesCount} строк. Отметьте остальное на складе`,
        );
      }
    },

    async purchases(): Promise<ReceivingPurchase[]> {
      return summaries(db, await purchases.findPurchasesByStatuses(db, receivingPurchaseStatuses));
    },

    async sheet(purchaseId: string): Promise<ReceivingSheet> {
      return sheetOf(db, await requirePurchase(db, purchaseId));
    },

    receive: (purchaseId: string, marks: Mark[], actor: Actor) => receive(purchaseId, actor, () => marks),

    /** Everything not yet received arrived in full: the usual end of a receiving. */
    receiveRest: (purchaseId: string, actor: Actor) =>
      receive(purchaseId, actor, (lines) =>
        lines.filter((l) => l.arrivedQuantity === null && !isLocked(l)).map((l) => ({ lineIds: [l.lineId], arrivedQuantity: l.quantity })),
      ),
  };
}

export type ReceivingService = ReturnType<typeof createReceivingService>;
