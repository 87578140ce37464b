import { type Card, type cardBodySchema, type cardPatchSchema, maskCardNumber } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CardRow } from './cards.schema.js';
import { AppError } from '../../shared/app-error.js';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import { findLiveCardById, insertCard, listLiveCards, updateCard } from './cards.repository.js';

export function toCardView(row: CardRow): Card {
  return {
    id: row.id,
    bank: row.bank,
    holderName: row.holderName,
    number: row.number,
    numberMasked: maskCardNumber(row.number),
    sbpPhone: row.sbpPhone,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

const NOT_FOUND = 'Карта не найдена';

export function createCardsService({ db }: { db: Db }) {
  /** Announced before a card is deleted; a subscriber that still needs the card throws to keep it. */
  const cardDeleting = createInTransactionEvent<CardRow>();
  return {
    cardDeleting,
    async list() {
      return (await listLiveCards(db)).map(toCardView);
    },
    async create(input: z.output<typeof cardBodySchema>) {
      return toCardView(await insertCard(db, input));
    },
    async update(id: string, input: z.output<typeof cardPatchSchema>) {
      const row = await updateCard(db, id, input);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toCardView(row);
    },
    /** Soft delete; purchases refuse it while an unfinished one still sends transfers to this card. */
    async delete(id: string) {
      return db.transaction(async (tx) => {
        const card = await findLiveCardById(tx, id);
        if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
        await cardDeleting.emit(tx, card);
        const row = await updateCard(tx, id, { deletedAt: new Date(), isActive: false });
        return toCardView(row!);
      });
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
