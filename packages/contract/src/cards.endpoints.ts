import { z } from 'zod';
import { cardBodySchema, cardIdParamsSchema, cardPatchSchema, cardSchema } from './cards.js';
import { endpoint } from './endpoint.js';

/** Bank cards for transfers; admins only. */
export const cardsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/cards',
    tag: 'cards',
    summary: 'Карты для переводов. Администратор',
    access: ['admin'],
    response: z.array(cardSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/cards',
    tag: 'cards',
    summary: 'Новая карта (номер проверяется по алгоритму Луна). Администратор',
    access: ['admin'],
    body: cardBodySchema,
    response: cardSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/cards/:id',
    tag: 'cards',
    summary: 'Изменение карты; отключить её нельзя, пока она привязана к незавершённой закупке. Администратор',
    access: ['admin'],
    params: cardIdParamsSchema,
    body: cardPatchSchema,
    response: cardSchema,
    errors: [404, 409],
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/cards/:id',
    tag: 'cards',
    summary: 'Удаление карты (мягкое); нельзя, пока она привязана к незавершённой закупке. Администратор',
    access: ['admin'],
    params: cardIdParamsSchema,
    response: cardSchema,
    errors: [404, 409],
  }),
};
