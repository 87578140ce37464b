/**
 * The delivery area: how parcels reach clients. Owns the clients' delivery methods, Boxberry's
 * pickup points and settings, the price list, delivery invoices, parcels' destinations and
 * shipments; serves /delivery/*, /address/suggest and /logistics/*. Parcels move only through the
 * warehouse's face (warehouse.logistics), invoices are paid through the payments area (its invoice
 * port), and orders follow their parcel through the warehouse.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import type { ServiceState } from '../../shared/service-state.js';
import { AppError } from '../../shared/app-error.js';
import { createSecretBox } from '../../shared/secret-box.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentsArea } from '../payments/index.js';
import type { WarehouseArea } from '../warehouse/index.js';
import { createAddressSuggest } from './address-suggest.js';
import { createBoxberryConnection } from './boxberry-connection.js';
import { deliveryJobs } from './delivery-jobs.js';
import { createDeliveryMessages } from './delivery-messages.js';
import { createDeliveryParcels } from './delivery-parcels.service.js';
import { deliveryRoutes } from './delivery.routes.js';
import { createInvoicesAudit } from './invoices-audit.js';
import { createInvoicesService } from './invoices.service.js';
import { createMethodsService } from './methods.service.js';
import { needsInvoice } from './parcel-views.js';
import { createPointsSync } from './points-sync.js';
import { createPointsService } from './points.service.js';
import { createPriceListService } from './price-list.service.js';
import { createDeliveryDemo } from './delivery-demo.js';
import { createShippingService } from './shipping.service.js';

export function createDeliveryArea({
  db,
  config,
  log,
  accounts,
  orders,
  payments,
  warehouse,
  messenger,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  accounts: AccountsArea;
  orders: OrdersArea;
  payments: PaymentsArea;
  warehouse: WarehouseArea;
  messenger: Messenger;
}) {
  const pickupAddress = config.publicSettings.pickupAddress;
  const secrets = createSecretBox(config.delivery.secretsKey, config.isProduction);
  const boxberry = createBoxberryConnection({
    db,
    secrets,
    canSaveToken: Boolean(config.delivery.secretsKey) || !config.isProduction,
    isEmulatorAllowed: !config.isProduction,
    apiUrl: config.delivery.boxberryUrl,
    timeoutMs: config.delivery.boxberryTimeoutMs,
    log,
  });
  const suggest = createAddressSuggest({ db, settings: config.delivery, isProduction: config.isProduction, log });
  const messages = createDeliveryMessages({ messenger, publicUrl: config.publicUrl });
  const methods = createMethodsService({ db, pickupAddress, boxberry });
  const points = createPointsService({ db, boxberry });
  const sync = createPointsSync({ db, boxberry, log });
  const priceList = createPriceListService({ db });
  const invoices = createInvoicesService({ db, warehouse, payments, priceList, messages, pickupAddress });
  const parcels = createDeliveryParcels({ db, warehouse, accounts, payments, priceList, invoices, pickupAddress });
  const shipping = createShippingService({ db, warehouse, orders, boxberry, messages, log });

  payments.provideInvoices(invoices.source);
  warehouse.provideDeliveryChooser(parcels.chooseForNewParcel);
  // Self-pickup that the price list charges for goes on the shelf only once its delivery is paid.
  warehouse.onParcelShelving(async (tx, { parcel }) => {
    if (parcel.status !== 'packed') return;
    const current = await priceList.currentTariffs(tx);
    if (needsInvoice(parcel.deliveryKind, parcel.weightGrams, current?.tariffs ?? null)) {
      throw new AppError(
        'CONFLICT',
        `Самовывоз посылки №${parcel.number} по прайс-листу платный: сначала логист выставит счёт, а клиент его оплатит`,
      );
    }
  });

  const jobs: Job[] = deliveryJobs({ db, sync, shipping, boxberry, log, pointsSyncAt: config.delivery.pointsSyncAt });

  return {
    routes: deliveryRoutes({ methods, points, sync, boxberry, suggest, priceList, invoices, parcels, shipping }),
    jobs,
    /** The money audit's check of the invoices' paid sums against their payments (docs/decisions/029). */
    auditChecks: createInvoicesAudit({ payments }).auditChecks,
    /** Tests reach the built-in emulators to move parcels along or make Boxberry fail. */
    boxberry,
    suggest,
    sync,
    /** For the start-up summary: how the shop reaches Boxberry and DaData. */
    async serviceStates(): Promise<ServiceState[]> {
      return [await boxberry.serviceState(), suggest.serviceState()];
    },
    /** The seed's points, price list, methods and invoice (delivery-demo.ts). */
    demo: createDeliveryDemo({ db, accounts, sync, priceList, methods, points, invoices }),
    async close(): Promise<void> {
      await sync.drain();
      await Promise.all([boxberry.close(), suggest.close()]);
    },
  };
}

export type DeliveryArea = ReturnType<typeof createDeliveryArea>;
export type { DemoMethod } from './delivery-demo.js';
