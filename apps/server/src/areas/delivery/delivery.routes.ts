import { deliveryEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { actorOf } from '../../shared/actor.js';
import type { AddressSuggest } from './address-suggest.js';
import type { BoxberryConnection } from './boxberry-connection.js';
import type { DeliveryParcels } from './delivery-parcels.service.js';
import type { InvoicesService } from './invoices.service.js';
import type { MethodsService } from './methods.service.js';
import type { PointsSyncService } from './points-sync.js';
import type { PointsService } from './points.service.js';
import type { PriceListService } from './price-list.service.js';
import type { ShippingService } from './shipping.service.js';

type Services = {
  methods: MethodsService;
  points: PointsService;
  sync: PointsSyncService;
  boxberry: BoxberryConnection;
  suggest: AddressSuggest;
  priceList: PriceListService;
  invoices: InvoicesService;
  parcels: DeliveryParcels;
  shipping: ShippingService;
};

export function deliveryRoutes({ methods, points, sync, boxberry, suggest, priceList, invoices, parcels, shipping }: Services) {
  return routesOf(deliveryEndpoints, {
    listMethods: ({ auth }) => methods.list(auth.user.id),
    createMethod: ({ auth, body }) => methods.create(auth.user.id, body),
    updateMethod: ({ auth, params, body }) => methods.update(auth.user.id, params.id, body),
    deleteMethod: ({ auth, params }) => methods.remove(auth.user.id, params.id),
    makeDefault: ({ auth, params }) => methods.makeDefault(auth.user.id, params.id),
    cities: () => points.offeredCities(),
    points: ({ query }) => points.offeredPoints(query.cityCode, query.q),
    suggestAddress: ({ auth, body, meta }) => suggest.suggest({ user: auth.user, ip: meta.ip }, body.query, body.count),
    myParcels: ({ auth }) => parcels.listMine(auth.user.phone),
    changeParcelMethod: ({ auth, params, body }) => parcels.changeMethod(auth.user, params.id, body.methodId, actorOf(auth)),
    myInvoices: ({ auth }) => invoices.listMine(auth.user.phone),

    summary: () => parcels.summary(),
    parcels: ({ query }) => parcels.list(query),
    createInvoices: async ({ body, auth }) => ({ invoices: await invoices.create(body, actorOf(auth)) }),
    cancelInvoice: ({ params, auth }) => invoices.cancel(params.id, actorOf(auth)),
    ship: async ({ params, auth }) => {
      await shipping.ship(params.id, actorOf(auth));
      return parcels.viewOne(params.id);
    },
    refreshTracking: async ({ params }) => {
      await shipping.refresh(params.id);
      return parcels.viewOne(params.id);
    },
    adminCities: () => points.allCities(),
    listPoints: ({ query }) => points.page(query),
    setPointEnabled: ({ params, body }) => points.setEnabled(params.code, body.isEnabled),
    startPointsSync: ({ auth }) => sync.start(actorOf(auth)),
    pointsSync: () => sync.last(),
    boxberrySettings: () => boxberry.view(),
    saveBoxberrySettings: ({ body, auth }) => boxberry.save(body, auth.user.id),
    checkBoxberry: () => boxberry.check(),
    priceList: () => priceList.view(),
    savePriceList: ({ body, auth }) => priceList.save(body.appliesFrom, body.tariffs, actorOf(auth)),
    exportPriceList: async ({ query, reply }) => {
      const { fileName, stream } = await priceList.exportXlsx(query.versionId);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="price-list.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
    importPriceList: ({ query, file, auth }) => priceList.importXlsx(file, query.appliesFrom, query.dryRun, actorOf(auth)),
  });
}
