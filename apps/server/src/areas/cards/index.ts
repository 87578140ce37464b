/** The cards area: bank cards that receive transfers. Owns the table cards; serves /cards. */
import type { Db, DbOrTx } from '../../db/client.js';
import { findLiveCardById } from './cards.repository.js';
import { cardsRoutes } from './cards.routes.js';
import { createCardsService } from './cards.service.js';

export function createCardsArea({ db }: { db: Db }) {
  const service = createCardsService({ db });
  return {
    routes: cardsRoutes(service),
    service,
    /**
     * A card that is not deleted (it may be switched off), read within the caller's transaction and
     * held (FOR SHARE) until it ends: the card cannot be switched off or deleted while the caller binds it.
     */
    findLiveCard: (dbOrTx: DbOrTx, id: string) => findLiveCardById(dbOrTx, id, 'share'),
    /**
     * Runs in the transaction that switches a card off or deletes it — the card stops taking
     * transfers either way; throw an AppError to refuse it.
     */
    onCardWithdrawing: service.cardWithdrawing.subscribe,
  };
}

export type CardsArea = ReturnType<typeof createCardsArea>;
