import { type Card, type cardBodySchema, type cardPatchSchema, maskCardNumber } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
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
  /**
   * Announced before a card stops taking transfers — switched off or deleted, the same for whoever
   * still sends money to it; a subscriber that still needs the card throws to keep it.
   */
  const cardWithdrawing = createInTransactionEvent<CardRow>();

  /** The live card locked against concurrent bindings, with the veto asked when the change withdraws it. */
  async function lockForChange(tx: Tx, id: string, withdraws: (card: CardRow) => boolean): Promise<CardRow> {
    const card = await findLiveCardById(tx, id, 'update');
    if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (withdraws(card)) await cardWithdrawing.emit(tx, card);
    return card;
  }

  return {
    cardWithdrawing,
    async list() {
      return (await listLiveCards(db)).map(toCardView);
    },
    async create(input: z.output<typeof cardBodySchema>) {
      return toCardView(await insertCard(db, input));
    },
    /** Switching a card off is refused while purchases still send transfers to it, as deleting is. */
    async update(id: string, input: z.output<typeof cardPatchSchema>) {
      return db.transaction(async (tx) => {
        // Only switching off withdraws: a card already off may still be edited (its form sends isActive: false).
        await lockForChange(tx, id, (card) => card.isActive && input.isActive === false);
        return toCardView((await updateCard(tx, id, input))!);
      });
    },
    /** Soft delete; purchases refuse it while an unfinished one still sends transfers to this card. */
    async delete(id: string) {
      return db.transaction(async (tx) => {
        await lockForChange(tx, id, () => true);
        return toCardView((await updateCard(tx, id, { deletedAt: new Date(), isActive: false }))!);
      });
    },
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
