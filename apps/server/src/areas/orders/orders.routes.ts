import { type FulfilmentEvent, ordersEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { jsonInSlices } from '../../shared/event-loop.js';
import type { Db } from '../../db/client.js';
import { findStepsOfUser } from './order-steps.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(db: Db, orders: OrdersService, fulfilmentHistory: (orderId: string) => Promise<FulfilmentEvent[]>) {
  return routesOf(ordersEndpoints, {
    list: ({ query }) => orders.list(query),
    create: ({ body }) => orders.create(body),
    update: ({ params, body }) => orders.update(params.id, body),
    // A 50,000-row answer is streamed in slices (jsonInSlices): checked and serialized at once, it held every other request for a second.
    import: async ({ params, query, file, reply }) => {
      const result = await orders.importOrders(params.id, file, { dryRun: query.dryRun === 'true' });
      return reply.type('application/json; charset=utf-8').send(jsonInSlices(result));
    },
    listMine: ({ auth, query }) => orders.listMine(auth.user.id, query.state),
    listMySteps: ({ auth }) => findStepsOfUser(db, auth.user.id),
    getByLink: ({ params }) => orders.getPublic(params.id),
    history: ({ params }) => fulfilmentHistory(params.id),
  });
}
