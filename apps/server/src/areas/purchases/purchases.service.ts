import { randomUUID } from 'node:crypto';
import {
  basisPointsToPercent,
  canChangePurchaseStatus,
  feeChangeableStatuses,
  feeEditableStatuses,
  type Purchase,
  type purchaseBodySchema,
  type PurchaseFeeChange,
  type purchaseFeeBodySchema,
  type purchaseListQuerySchema,
  type purchasePatchSchema,
  type PurchaseStatus,
  openPurchaseStatuses,
  purchaseStatusTitles,
  percentToBasisPoints,
} from '@vmeste/contract';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { PurchaseRow } from './purchases.schema.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { AppError } from '../../shared/app-error.js';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import type { Actor } from '../../shared/actor.js';
import type { CardsArea } from '../cards/index.js';
import { prepareCover } from './cover-images.js';
import { markUnrecordedCover, recordCoverChange, removeUnrecordedCover } from './cover-removals.js';
import { feeChangeFiguresOf, type FeeOrdersSource, noFeeOrders, toPurchaseEventView } from './purchase-fee.js';
import { noOrderStats, type PurchaseOrderStatsSource } from './purchase-order-stats.js';
import { toCoverView, toPurchaseView } from './purchase-view.js';
import {
  findOpenPurchasesByCard,
  findPurchaseById,
  insertPurchase,
  insertPurchaseEvent,
  listCoverPurchases,
  listPurchaseEvents,
  listPurchases,
  type NewPurchase,
  updatePurchase,
} from './purchases.repository.js';

type PurchaseInput = z.output<typeof purchaseBodySchema>;
type PurchasePatchInput = z.output<typeof purchasePatchSchema>;
type ListQuery = z.output<typeof purchaseListQuerySchema>;
type FeeChangeInput = z.output<typeof purchaseFeeBodySchema>;

/** Thrown to roll a fee change's preview back once it has worked out its figures. */
class FeePreview extends Error {
  constructor(readonly figures: PurchaseFeeChange) {
    super('fee change preview');
  }
}

export const purchaseMessages = {
  notFound: 'Закупка не найдена',
  cardNotFound: 'Карта не найдена или удалена',
  cardInactive: 'Карта отключена: включите её или выберите другую',
  illegalTransition: (from: PurchaseStatus, to: PurchaseStatus) =>
    `Нельзя перевести закупку из статуса «${purchaseStatusTitles[from]}» в статус «${purchaseStatusTitles[to]}»`,
  feeFixed: (status: PurchaseStatus) =>
    `Закупка в статусе «${purchaseStatusTitles[status]}»: сбор заказов закончен, и оргсбор здесь не меняется. Измените его действием «Изменить оргсбор» — оно покажет, сколько заказов и денег это затронет`,
  feeSettled: (status: PurchaseStatus) => `Закупка в статусе «${purchaseStatusTitles[status]}»: её оргсбор больше не меняется`,
  feeSame: (percent: number) => `Оргсбор закупки уже ${String(percent).replace('.', ',')} %`,
  feeReason: 'Укажите причину: она останется в журнале закупки',
};

/**
 * A card that an unfinished purchase still sends transfers to cannot be switched off or deleted: the
 * veto of the cards area's withdrawal, subscribed in the area's index.ts.
 */
export async function refuseWithdrawingBoundCard(tx: Tx, card: { id: string }): Promise<void> {
  const bound = await findOpenPurchasesByCard(tx, card.id, openPurchaseStatuses);
  if (bound.length > 0) {
    const titles = bound.map((p) => `«${p.title}»`).join(', ');
    throw new AppError('CONFLICT', `Карта привязана к закупкам ${titles}: сначала привяжите к ним другую карту`);
  }
}

function toColumns(input: Partial<PurchaseInput>): Partial<NewPurchase> {
  const { organizerFeePercent, ...rest } = input;
  return { ...rest, ...(organizerFeePercent !== undefined ? { organizerFeeBasisPoints: percentToBasisPoints(organizerFeePercent) } : {}) };
}

export function createPurchasesService({ db, storage, cards }: { db: Db; storage: FileStorage; cards: CardsArea }) {
  const events = {
    /** After the organizer fee changed, in the same transaction: every order's total follows. */
    feeChanged: createInTransactionEvent<PurchaseRow>(),
    /** After a purchase was canceled, in the same transaction. */
    canceled: createInTransactionEvent<PurchaseRow>(),
    /** Before a purchase moves to another status; a subscriber that throws refuses the move. */
    statusChanging: createInTransactionEvent<{ purchase: PurchaseRow; to: PurchaseStatus }>(),
    /** After a purchase moved to another status, in the same transaction (orders tell their clients that payment opened). */
    statusChanged: createInTransactionEvent<{ purchase: PurchaseRow; from: PurchaseStatus }>(),
  };
  let orderStats: PurchaseOrderStatsSource = noOrderStats;
  let feeOrders: FeeOrdersSource = noFeeOrders;

  async function requireUsableCard(dbOrTx: DbOrTx, cardId: string | null | undefined) {
    if (!cardId) return;
    const card = await cards.findLiveCard(dbOrTx, cardId);
    if (!card) throw new AppError('BAD_REQUEST', purchaseMessages.cardNotFound, { field: 'cardId' });
    if (!card.isActive) throw new AppError('BAD_REQUEST', purchaseMessages.cardInactive, { field: 'cardId' });
  }

  async function view(row: PurchaseRow): Promise<Purchase> {
    const stats = await orderStats(db, [row.id]);
    return toPurchaseView(row, stats.get(row.id));
  }

  async function requirePurchase(id: string): Promise<PurchaseRow> {
    const row = await findPurchaseById(db, id);
    if (!row) throw new AppError('NOT_FOUND', purchaseMessages.notFound);
    return row;
  }

  /** The purchase must be locked by the caller's transaction. */
  async function moveTo(tx: Tx, purchase: PurchaseRow, status: PurchaseStatus): Promise<PurchaseRow> {
    if (!canChangePurchaseStatus(purchase.status, status)) {
      throw new AppError('CONFLICT', purchaseMessages.illegalTransition(purchase.status, status), { field: 'status' });
    }
    await events.statusChanging.emit(tx, { purchase, to: status });
    const row = (await updatePurchase(tx, purchase.id, { status }))!;
    if (status === 'canceled') await events.canceled.emit(tx, row);
    await events.statusChanged.emit(tx, { purchase: row, from: purchase.status });
    return row;
  }

  return {
    events,
    provideOrderStats(source: PurchaseOrderStatsSource) {
      orderStats = source;
    },
    provideFeeOrders(source: FeeOrdersSource) {
      feeOrders = source;
    },

    async list(query: ListQuery) {
      const { rows, total } = await listPurchases(db, {
        status: query.status,
        statuses: query.isOpen === 'true' ? openPurchaseStatuses : undefined,
        search: query.search,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const stats = await orderStats(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => toPurchaseView(r, stats.get(r.id))), total };
    },

    async covers() {
      return (await listCoverPurchases(db)).map(toCoverView);
    },

    async get(id: string): Promise<Purchase> {
      return view(await requirePurchase(id));
    },

    async create(input: PurchaseInput): Promise<Purchase> {
      // One transaction: the card's share lock holds until the purchase is bound to it, so a card being
      // switched off at the same moment waits and then sees the purchase (and refuses).
      const created = await db.transaction(async (tx) => {
        await requireUsableCard(tx, input.cardId);
        return insertPurchase(tx, toColumns(input) as NewPurchase);
      });
      return view(created);
    },

    async update(id: string, input: PurchasePatchInput): Promise<Purchase> {
      const updated = await db.transaction(async (tx) => {
        // Read and locked inside the transaction: of two concurrent fee edits, the second waits and
        // compares against the first one's fee, so the orders always end at the last fee written.
        const before = await findPurchaseById(tx, id, { forUpdate: true });
        if (!before) throw new AppError('NOT_FOUND', purchaseMessages.notFound);
        // Past collection clients know (and pay) their totals: the same fee may be sent again by the
        // form, a different one only through changeFee, which shows what it moves first.
        const fee =
          input.organizerFeePercent === undefined ? before.organizerFeeBasisPoints : percentToBasisPoints(input.organizerFeePercent);
        if (fee !== before.organizerFeeBasisPoints && !feeEditableStatuses.includes(before.status)) {
          throw new AppError('CONFLICT', purchaseMessages.feeFixed(before.status), { field: 'organizerFeePercent' });
        }
        await requireUsableCard(tx, input.cardId);
        const row = (await updatePurchase(tx, id, toColumns(input)))!;
        if (row.organizerFeeBasisPoints !== before.organizerFeeBasisPoints) await events.feeChanged.emit(tx, row);
        return row;
      });
      return view(updated);
    },

    /**
     * The explicit fee change, at any stage until the purchase is completed or canceled. It runs in
     * full either way — the orders recomputed, their open payments and the shop's limits asked — and
     * answers what moved; a preview (dryRun) is then rolled back, so it refuses exactly what the
     * change would. Applied, it writes the purchase's audit row with the figures and the reason.
     * Overpaid orders then show in «К возврату» by the ordinary rule (refundDueOf).
     */
    async changeFee(id: string, input: FeeChangeInput, actor: Actor): Promise<PurchaseFeeChange> {
      const after = percentToBasisPoints(input.organizerFeePercent);
      try {
        return await db.transaction(async (tx) => {
          const purchase = await findPurchaseById(tx, id, { forUpdate: true });
          if (!purchase) throw new AppError('NOT_FOUND', purchaseMessages.notFound);
          if (!feeChangeableStatuses.includes(purchase.status))
            throw new AppError('CONFLICT', purchaseMessages.feeSettled(purchase.status));
          if (after === purchase.organizerFeeBasisPoints) {
            throw new AppError('CONFLICT', purchaseMessages.feeSame(input.organizerFeePercent), { field: 'organizerFeePercent' });
          }
          if (!input.dryRun && !input.reason) throw new AppError('BAD_REQUEST', purchaseMessages.feeReason, { field: 'reason' });
          const ordersBefore = await feeOrders(tx, id);
          const row = (await updatePurchase(tx, id, { organizerFeeBasisPoints: after }))!;
          await events.feeChanged.emit(tx, row);
          const figures = feeChangeFiguresOf(ordersBefore, await feeOrders(tx, id));
          const change: PurchaseFeeChange = {
            purchaseId: id,
            isApplied: !input.dryRun,
            feeBeforePercent: basisPointsToPercent(purchase.organizerFeeBasisPoints),
            feeAfterPercent: basisPointsToPercent(after),
            ...figures,
          };
          if (input.dryRun) throw new FeePreview(change);
          const { purchaseId: _id, isApplied: _applied, ...recorded } = change;
          await insertPurchaseEvent(tx, {
            purchaseId: id,
            action: 'fee_changed',
            actorId: actor?.id ?? null,
            actorName: actor?.name ?? null,
            feeBeforeBasisPoints: purchase.organizerFeeBasisPoints,
            feeAfterBasisPoints: after,
            figures: recorded,
            comment: input.reason,
          });
          return change;
        });
      } catch (error) {
        if (error instanceof FeePreview) return error.figures;
        throw error;
      }
    },

    /** The purchase's audit log, newest first. */
    async history(id: string) {
      await requirePurchase(id);
      return (await listPurchaseEvents(db, id)).map(toPurchaseEventView);
    },

    /**
     * Stores the cover and its thumbnail under fresh names, so cached old covers never show. The new
     * files are marked for removal before they are stored, and the mark is lifted in the transaction
     * that records them: an upload that dies in between leaves nothing for good. The files it replaces
     * are read under the purchase's lock and removed an hour later by the job (cover-removals.ts), so
     * of two uploads at once each hands over exactly what it replaced, and pages still showing the old
     * cover keep it meanwhile.
     */
    async uploadCover(id: string, data: Buffer): Promise<Purchase> {
      // An unknown purchase is answered before the picture is resized and stored.
      await requirePurchase(id);
      const { cover, thumb } = await prepareCover(data);
      const name = randomUUID();
      const coverKey = `covers/${name}.webp`;
      const coverThumbKey = `covers/${name}-thumb.webp`;
      const added = [coverKey, coverThumbKey];
      await markUnrecordedCover(db, added);
      await storage.put(coverKey, cover);
      await storage.put(coverThumbKey, thumb).catch(async (error: unknown) => {
        await removeUnrecordedCover(db, storage, added).catch(() => {});
        throw error;
      });
      const updated = await db
        .transaction(async (tx) => {
          const purchase = await findPurchaseById(tx, id, { forUpdate: true });
          if (!purchase) throw new AppError('NOT_FOUND', purchaseMessages.notFound);
          const replaced = [purchase.coverKey, purchase.coverThumbKey].filter((key): key is string => key !== null);
          await recordCoverChange(tx, { added, replaced });
          return (await updatePurchase(tx, id, { coverKey, coverThumbKey }))!;
        })
        .catch(async (error: unknown) => {
          // The purchase refused (gone meanwhile): nothing names the new files. Any other failure may
          // have come after the commit (a connection lost during it), so the files are left to the
          // job, which removes them only if no purchase names them.
          if (error instanceof AppError) await removeUnrecordedCover(db, storage, added).catch(() => {});
          throw error;
        });
      return view(updated);
    },

    /** One step of the lifecycle; cancelling also cancels all its orders (what they hold is then a refund due). */
    async changeStatus(id: string, status: PurchaseStatus): Promise<Purchase> {
      const updated = await db.transaction(async (tx) => {
        const purchase = await findPurchaseById(tx, id, { forUpdate: true });
        if (!purchase) throw new AppError('NOT_FOUND', purchaseMessages.notFound);
        return moveTo(tx, purchase, status);
      });
      return view(updated);
    },

    moveTo,
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
