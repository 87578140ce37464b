/** The cards area: bank cards that receive transfers. Owns the table cards; serves /cards. */
import type { Db } from '../../db/client.js';
import { findLiveCardById } from './cards.repository.js';
import { cardsRoutes } from './cards.routes.js';
import { createCardsService } from './cards.service.js';

export type { CardRow } from './cards.schema.js';

export function createCardsArea({ db }: { db: Db }) {
  const service = createCardsService({ db });
  return {
    routes: cardsRoutes(service),
    service,
    /** A card that is not deleted (it may be switched off), read within the caller's transaction. */
    findLiveCard: findLiveCardById,
    /** Runs in the deleting transaction; throw an AppError to refuse the deletion. */
    onCardDeleting: service.cardDeleting.subscribe,
  };
}

export type CardsArea = ReturnType<typeof createCardsArea>;
