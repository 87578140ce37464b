import { cardsEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { CardsService } from './cards.service.js';

export function cardsRoutes(cards: CardsService) {
  return routesOf(cardsEndpoints, {
    list: () => cards.list(),
    create: ({ body }) => cards.create(body),
    update: ({ params, body }) => cards.update(params.id, body),
    delete: ({ params }) => cards.delete(params.id),
  });
}
