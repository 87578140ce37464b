import { type FulfilmentEvent, ordersEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(orders: OrdersService, fulfilmentHistory: (orderId: string) => Promise<FulfilmentEvent[]>) {
  return routesOf(ordersEndpoints, {
    list: ({ query }) => orders.list(query),
    create: ({ body }) => orders.create(body),
    update: ({ params, body }) => orders.update(params.id, body),
    import: ({ params, query, file }) => orders.importOrders(params.id, file, { dryRun: query.dryRun === 'true' }),
    listMine: ({ auth, query }) => orders.listMine(auth.user.id, query.state),
    getByLink: ({ params }) => orders.getPublic(params.id),
    history: ({ params }) => fulfilmentHistory(params.id),
  });
}
