import { bonusEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { actorOf } from '../../shared/actor.js';
import type { BonusService } from './bonus.service.js';
import type { Uploads } from './uploads.service.js';

export function bonusRoutes({ service, uploads }: { service: BonusService; uploads: Uploads }) {
  return routesOf(bonusEndpoints, {
    my: ({ auth }) => service.my(auth.user),
    myHistory: ({ auth, query }) => service.history(auth.user.id, query.page, query.pageSize),
    getCustomCashback: ({ auth }) => service.customPercentOf(auth.user.id),
    settings: () => service.settingsPage(),
    updateSettings: ({ body, auth }) => service.updateSettings(body, actorOf(auth)),
    purchases: ({ query }) => service.purchases(query),
    setPurchaseExcluded: ({ params, body }) => service.setPurchaseExcluded(params.id, body.isExcluded),
    customRates: ({ query }) => service.customRates(query.q),
    setCustomCashback: ({ body }) => service.setCustomPercent(body.phone, body.percent),
    client: ({ query }) => service.client(query.phone),
    manual: ({ body, auth }) => service.manual(body, actorOf(auth)),
    previewUpload: ({ file, fileName }) => uploads.preview(file, fileName),
    applyUpload: ({ file, fileName, auth }) => uploads.apply(file, fileName, actorOf(auth)),
    uploads: ({ query }) => uploads.list(query.page, query.pageSize),
    upload: ({ params }) => uploads.details(params.id),
    uploadFile: async ({ params, reply }) => {
      const { data, fileName } = await uploads.file(params.id);
      const isXlsx = data[0] === 0x50 && data[1] === 0x4b;
      return reply
        .type(isXlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv')
        .header('content-disposition', `attachment; filename="bonus-upload"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
    ledgerCheck: () => service.ledgerCheck(),
  });
}
