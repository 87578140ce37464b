import { type Card, type cardBodySchema, type cardPatchSchema, maskCardNumber, openPurchaseStatuses } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CardRow } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { findOpenPurchasesByCard } from '../purchases/purchases.repository.js';
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
  return {
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
    /** Soft delete; refused while an unfinished purchase still sends transfers to this card. */
    async delete(id: string) {
      return db.transaction(async (tx) => {
        const card = await findLiveCardById(tx, id);
        if (!card) throw new AppError('NOT_FOUND', NOT_FOUND);
        const bound = await findOpenPurchasesByCard(tx, id, openPurchaseStatuses);
        if (bound.length > 0) {
          const titles = bound.map((p) => `«${p.title}»`).join(', ');
          throw new AppError('CONFLICT', `Карта привязана к закупкам ${titles}: сначала привяжите к ним другую карту`);
        }
        const row = await updateCard(tx, id, { deletedAt: new Date(), isActive: false });
        return toCardView(row!);
      });
    },
  };
}
