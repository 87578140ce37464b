import { reportsEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { ClientsReport } from './clients-report.service.js';

export function reportsRoutes(clients: ClientsReport) {
  return routesOf(reportsEndpoints, {
    clients: ({ query }) => clients.page(query),
    clientsCharts: ({ query }) => clients.charts(query),
    clientsExport: async ({ query, reply }) => {
      const { fileName, stream } = clients.export(query);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="clients.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
