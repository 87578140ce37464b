/**
 * The orders area: clients' orders in purchases, their lines and money. Owns the tables orders,
 * order_lines, order_fulfilment_events, order_client_totals and order_client_half_months (kept by a
 * trigger), order_purchase_totals (kept by triggers) and order_notices; serves /orders and the
 * orders import. Depends on accounts and purchases through their public faces, and keeps its orders
 * in step with them through their in-transaction events; tells clients of new orders, of payment
 * opened and before the deadline through the messenger.
 */
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { cancelOrdersOf, findLiveOrdersMoney, recomputePurchaseTotals } from './orders.repository.js';
import { findPurchaseStats } from './purchase-totals.sql.js';
import { clientTotalsSource, type OrderSetFilter, orderPhonesSource } from './client-totals.sql.js';
import { createOrderFulfilment } from './order-fulfilment.js';
import { createOrderNotices } from './order-notices.js';
import { createOrderPayments, liveOrderIdsOf, purchaseOrderBatches } from './order-payments.js';
import { requireWithinLimits } from './order-limits.js';
import { linkConfirmedAccount } from './order-owners.js';
import { createOrdersAudit, orderMoneySource } from './orders-audit.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';

export type { OrderSetFilter } from './client-totals.sql.js';
export type { OrderForPayment, OverpaidOrder, PaidChange } from './order-payments.js';
export type { OrderPaymentFacts } from './order-payment-facts.js';
export type { ArrivalChange, ReceivingLineRow, WarehouseOrderRow } from './order-fulfilment.js';

export function createOrdersArea({
  db,
  accounts,
  purchases,
  messenger,
  publicUrl,
}: {
  db: Db;
  accounts: AccountsArea;
  purchases: PurchasesArea;
  messenger: Messenger;
  publicUrl: string;
}) {
  const notices = createOrderNotices({ db, purchases, messenger, publicUrl });
  const service = createOrdersService({ db, accounts, purchases, notices });
  const fulfilment = createOrderFulfilment({ purchases });
  const audit = createOrdersAudit({ purchases });

  // Orders imported for a phone before its account existed become the account's once it is confirmed.
  accounts.onAccountConfirmed((tx, user) => linkConfirmedAccount(tx, user));
  // A new organizer fee changes what every order of the purchase costs.
  purchases.onFeeChanged(async (tx, purchase) => {
    await service.events.ordersChanging.emit(tx, { orderIds: await liveOrderIdsOf(tx, purchase.id) });
    await requireWithinLimits(tx, { purchaseId: purchase.id }, purchase.organizerFeeBasisPoints);
    await recomputePurchaseTotals(tx, purchase.id, purchase.organizerFeeBasisPoints);
  });
  // A canceled purchase cancels all its orders: they owe nothing, and whatever they hold is a refund
  // due (refundDueOf). Payments close the open payments first, before the orders are locked here, as
  // a payment that succeeds locks itself and then its orders (docs/decisions/026).
  purchases.onCanceled(async (tx, purchase) => {
    await service.events.ordersCanceling.emit(tx, { orderIds: await liveOrderIdsOf(tx, purchase.id) });
    await service.events.ordersCanceled.emit(tx, { orderIds: await cancelOrdersOf(tx, purchase.id) });
  });
  // A purchase stepping into payment tells each client with something to pay (docs/decisions/030).
  purchases.onStatusChanged((tx, { purchase, from }) => notices.statusChanged(tx, purchase, from));
  purchases.provideOrderStats(findPurchaseStats);
  purchases.provideFeeOrders(findLiveOrdersMoney);

  const jobs: Job[] = [
    {
      // Hourly: a turn within the daytime hours (REMINDER_HOURS) reminds whoever is due; the record of
      // each reminder keeps a later turn, or another instance, from sending it again.
      name: 'orders.payment-reminders',
      everySeconds: 3600,
      run: async () => void (await notices.remind()),
    },
  ];

  return {
    routes: ordersRoutes(db, service, (orderId) => fulfilment.history(db, orderId)),
    jobs,
    /** The reminder job's turn at a given moment (tests and the demo); answers how many were reminded. */
    remindToPay: notices.remind,
    /** Orders a payment is under way for are not reminded to pay (the payments area gives them). */
    provideOrdersInPayment: notices.provideOrdersInPayment,
    service,
    ...createOrderPayments({ purchases }),
    purchaseOrderBatches,
    /** Orders per phone and orders of a set with their phone, as subqueries for the reports area. */
    reportSources: {
      clientTotals: (filter: OrderSetFilter) => clientTotalsSource(filter, purchases.reportSources.payablePurchases()),
      orderPhones: orderPhonesSource,
    },
    /** Receiving and the steps of an order's goods, for the warehouse. */
    fulfilment,
    /** Runs before orders change; throw an AppError to refuse (an open payment holds them). */
    onOrdersChanging: service.events.ordersChanging.subscribe,
    /** Before orders are canceled with their purchase, before they are locked: payments close the open payments. */
    onOrdersCanceling: service.events.ordersCanceling.subscribe,
    onOrdersCanceled: service.events.ordersCanceled.subscribe,
    /** The payments area says what an order's payments mean for its views (open payment, failed payment's reason). */
    providePaymentFacts: service.providePaymentFacts,
    /** Orders handed over or delivered to their client (cashback is credited then). */
    onOrdersDelivered: fulfilment.onDelivered,
    /** The money audit's checks of the orders' own sums, and every order's paid sum for the payments' checks (docs/decisions/029). */
    auditChecks: audit.auditChecks,
    auditSources: { orderMoney: orderMoneySource },
  };
}

export type OrdersArea = ReturnType<typeof createOrdersArea>;
