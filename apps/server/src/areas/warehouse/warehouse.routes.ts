import { warehouseEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { actorOf } from '../../shared/actor.js';
import type { ParcelsService } from './parcels.service.js';
import type { ReceivingService } from './receiving.service.js';
import type { createWarehouseSearch } from './warehouse-search.js';

export function warehouseRoutes({
  receiving,
  parcels,
  search,
}: {
  receiving: ReceivingService;
  parcels: ParcelsService;
  search: ReturnType<typeof createWarehouseSearch>;
}) {
  return routesOf(warehouseEndpoints, {
    receivingPurchases: () => receiving.purchases(),
    receivingSheet: ({ params }) => receiving.sheet(params.id),
    receive: ({ params, body, auth }) => receiving.receive(params.id, body.marks, actorOf(auth)),
    receiveRest: ({ params, auth }) => receiving.receiveRest(params.id, actorOf(auth)),
    search: ({ query }) => search(query.q),
    pack: ({ body, auth }) => parcels.pack(body, actorOf(auth)),
    parcels: ({ query }) => parcels.list(query),
    labels: async ({ query, reply }) => {
      const { fileName, pdf } = await parcels.labels(query.ids, query.format);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="labels.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
    markReady: ({ params, auth }) => parcels.markReady(params.id, actorOf(auth)),
    handOver: ({ params, body, auth }) => parcels.handOver(params.id, body.phoneLast4, actorOf(auth)),
    unpack: ({ params, auth }) => parcels.unpack(params.id, actorOf(auth)),
  });
}
