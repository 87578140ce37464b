/**
 * The purchases area: purchases from suppliers, their lifecycle and covers. Owns the table
 * purchases (and cover_removals); serves /purchases and the cover files. Other areas use only what this file exports.
 */
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { Job } from '../../jobs/job-runner.js';
import type { CardsArea } from '../cards/index.js';
import { removeDueCovers } from './cover-removals.js';
import { findPurchaseById, findPurchasesByIds, findPurchasesByStatuses, listPurchases, updatePurchase } from './purchases.repository.js';
import { purchaseFeesSource } from './purchase-fees.sql.js';
import { payablePurchasesSource } from './payable-purchases.sql.js';
import { purchasesRoutes } from './purchases.routes.js';
import { createPurchasesService, refuseWithdrawingBoundCard } from './purchases.service.js';

export type { PurchaseRow } from './purchases.schema.js';
export type { PurchaseStats } from './purchase-order-stats.js';

export function createPurchasesArea({ db, storage, cards }: { db: Db; storage: FileStorage; cards: CardsArea }) {
  const service = createPurchasesService({ db, storage, cards });
  cards.onCardWithdrawing(refuseWithdrawingBoundCard);
  const jobs: Job[] = [
    {
      // Replaced covers an hour after the change, and uploads that died before being recorded.
      name: 'purchases.remove-old-covers',
      everySeconds: 600,
      run: async () => void (await removeDueCovers(db, storage)),
    },
  ];
  return {
    routes: purchasesRoutes(service, storage),
    service,
    jobs,
    /** The removal job's turn at a given moment (tests); answers how many covers' files it removed. */
    removeDueCovers: (now: Date) => removeDueCovers(db, storage, now),
    /** One purchase, optionally locked for the caller's transaction. */
    findPurchase: findPurchaseById,
    findPurchases: findPurchasesByIds,
    findPurchasesByStatuses,
    /** A page of purchases, newest first, by title or supplier and the cashback flag. */
    listPurchases,
    /** Whether orders of the purchase earn cashback: the bonus programme's exception list. */
    setCashbackExcluded: (id: string, isExcluded: boolean) => updatePurchase(db, id, { isCashbackExcluded: isExcluded }),
    onFeeChanged: service.events.feeChanged.subscribe,
    onCanceled: service.events.canceled.subscribe,
    /** Runs before a status change; throw an AppError to refuse it. */
    onStatusChanging: service.events.statusChanging.subscribe,
    /** After a status change, in its transaction. */
    onStatusChanged: service.events.statusChanged.subscribe,
    /** Moves a purchase locked by the caller's transaction one step, as the admin's button would. */
    moveTo: service.moveTo,
    provideOrderStats: service.provideOrderStats,
    /** The orders area gives a purchase's live orders (locked) for the figures of a fee change. */
    provideFeeOrders: service.provideFeeOrders,
    /** Each purchase's fee as a subquery, for the money audit of the orders' totals (docs/decisions/029). */
    auditSources: { purchaseFees: purchaseFeesSource },
    /** The purchases whose orders are due now, as a subquery for the clients report's «Долг». */
    reportSources: { payablePurchases: payablePurchasesSource },
  };
}

export type PurchasesArea = ReturnType<typeof createPurchasesArea>;
