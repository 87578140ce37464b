/**
 * The payments area: money coming in for orders (online through the provider, by transfer with a
 * receipt, in cash) and going back. Owns payments, payment_items, payment_events, payment_refunds
 * and the sandbox provider's sandbox_payments; serves /payments*. Orders learn what they have paid
 * only from here (orders.setPaid), in the same transaction as the payment changes.
 */
import { orderRevenueSource } from './order-revenue.sql.js';
import { isPaymentOpen } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { Job } from '../../jobs/job-runner.js';
import { AppError } from '../../shared/app-error.js';
import type { CardsArea } from '../cards/index.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { notificationSourceCheck } from './notification-networks.js';
import { orderPaymentFactsOf } from './order-payment-facts.js';
import { createPaymentAdminService } from './payment-admin.service.js';
import { paymentJobs } from './payment-jobs.js';
import { createSettlement } from './payment-settlement.js';
import { createPaymentsDemo } from './payments-demo.js';
import { createPaymentsExport } from './payments-export.js';
import {
  findOpenPaymentsOf,
  findOpenPaymentsOfInvoices,
  findPaidItemsOfOrders,
  findPayment,
  paymentsWaiting,
} from './payments.repository.js';
import { createPaymentEvents } from './payment-events.js';
import { findOrdersInPayment } from './orders-in-payment.js';
import { createPaymentsAudit, paidByInvoiceSource, paymentBonusPartsSource, refundsToBonusSource } from './payments-audit.js';
import { paymentsRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';
import type { ServiceState } from '../../shared/service-state.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createSandboxProvider } from './providers/sandbox-provider.js';
import { createYooKassaProvider } from './providers/yookassa-provider.js';

export type { InvoiceForPayment, InvoiceSource } from './invoice-source.js';
export type { PaymentMoment, RefundPart } from './payment-events.js';
/**
 * Where the shop and the payment provider disagree (pending and refused refunds, refunds only the
 * provider knows, overdue online payments): for «Оплаты» and the money audit (docs/decisions/024).
 */
export { providerDifferences } from './provider-differences.js';

export function createPaymentsArea({
  db,
  config,
  log,
  storage,
  orders,
  purchases,
  cards,
  messenger,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStorage;
  orders: OrdersArea;
  purchases: PurchasesArea;
  cards: CardsArea;
  messenger: Messenger;
}) {
  const mode = config.publicSettings.paymentProvider;
  const sandbox = mode === 'sandbox' ? createSandboxProvider({ db }) : null;
  // No provider at all when none is configured: online methods are refused, transfers and cash work.
  const provider: PaymentProvider | null =
    sandbox?.provider ??
    (mode === 'yookassa' && config.yookassa
      ? createYooKassaProvider({
          settings: config.yookassa,
          publicUrl: config.publicUrl,
          timeoutMs: config.payments.providerTimeoutMs,
          log,
        })
      : null);
  const events = createPaymentEvents();
  const settlement = createSettlement({ db, orders, messenger, provider, log, publicUrl: config.publicUrl, events });
  const payments = createPaymentsService({ db, orders, cards, storage, provider, settlement, events, log });
  const admin = createPaymentAdminService({
    db,
    orders,
    provider,
    settlement,
    events,
    log,
    paymentWindowMinutes: config.payments.expiryMinutes,
  });
  const exporter = createPaymentsExport({ db, orders, purchases });
  const audit = createPaymentsAudit({ orders });

  // An order held by an open payment keeps its sum: the payment was made for exactly that.
  orders.onOrdersChanging(async (tx, { orderIds }) => {
    const [open] = await findOpenPaymentsOf(tx, orderIds);
    if (open) {
      throw new AppError(
        'CONFLICT',
        `Заказ №${open.orderNumber} в оплате (платёж №${open.paymentNumber}): сначала отмените платёж на странице «Оплаты»`,
      );
    }
  });
  // Orders canceled with their purchase are not to be paid: their open payments close too. First
  // while the orders are not yet locked by the cancel (a payment that succeeds at that moment locks
  // itself, then its orders: taking the payments first keeps the two from deadlocking), then once
  // more for a payment started in between. Money that still comes is a refund due of the canceled order.
  async function closeOpenPaymentsOf(tx: Tx, orderIds: string[]) {
    const paymentIds = [...new Set((await findOpenPaymentsOf(tx, orderIds)).map((p) => p.paymentId))].sort();
    for (const paymentId of paymentIds) {
      const payment = await findPayment(tx, paymentId, { forUpdate: true });
      if (payment && isPaymentOpen(payment.status)) await settlement.close(tx, payment, 'canceled', 'canceled', null, 'Закупка отменена');
    }
  }
  orders.providePaymentFacts(orderPaymentFactsOf);
  orders.onOrdersCanceling((tx, { orderIds }) => closeOpenPaymentsOf(tx, orderIds));
  // A client paying right now, or whose receipt waits for the check, is not reminded to pay.
  orders.provideOrdersInPayment(findOrdersInPayment);
  orders.onOrdersCanceled((tx, { orderIds }) => closeOpenPaymentsOf(tx, orderIds));

  const jobs: Job[] = paymentJobs({ db, settlement, log, settings: config.payments, hasProvider: provider !== null, refunds: admin });

  return {
    /** The money audit's checks of payments against orders, items and refunds (docs/decisions/029). */
    auditChecks: audit.auditChecks,
    /** Subqueries for the audits of the areas above: invoices' paid sums, bonus parts of payments and refunds. */
    auditSources: { paidByInvoice: paidByInvoiceSource, bonusParts: paymentBonusPartsSource, refundsToBonus: refundsToBonusSource },
    /** Money for orders by moment, as a subquery for the reports area. */
    reportSources: { orderRevenue: orderRevenueSource },
    routes: paymentsRoutes({
      payments,
      admin,
      settlement,
      exporter,
      sandbox,
      isNotificationSourceAllowed: notificationSourceCheck(config.yookassa?.notifyNetworks),
    }),
    jobs,
    provider,
    /** Payments and refunds waiting, for monitoring. */
    waiting: () => paymentsWaiting(db),
    /** For the start-up summary: how online payment goes, or that it is off. */
    serviceState(): ServiceState {
      const service = 'Оплата онлайн';
      if (provider?.name === 'yookassa') return { service, mode: 'real', detail: `ЮKassa, магазин ${config.yookassa!.shopId}` };
      if (provider?.name === 'sandbox') {
        return {
          service,
          mode: 'sandbox',
          detail: 'встроенная «Тестовая оплата»: деньги не списываются, на каждой странице — «Тестовый режим оплаты»',
        };
      }
      return {
        service,
        mode: 'off',
        detail: 'не подключена (нет PAYMENT_PROVIDER и ключей ЮKassa): клиенты платят переводом на карту и наличными',
      };
    },
    /** The delivery area lends its invoices, the second kind of payment item (see invoice-source.ts). */
    provideInvoices: settlement.provideInvoices,
    /** The bonus programme takes a late payment's bonuses again, or says it cannot (docs/decisions/025). */
    provideLateBonusTaker: settlement.provideLateBonusTaker,
    /** The bonus part of a payment is taken here; throw an AppError to refuse the payment. */
    onPaymentCreated: events.created.subscribe,
    /** A payment ended without money. */
    onPaymentClosed: events.closed.subscribe,
    onPaymentSucceeded: events.succeeded.subscribe,
    onRefunded: events.refunded.subscribe,
    /** The items of these orders that brought money, with their money parts and what of them went back. */
    paidItemsOfOrders: findPaidItemsOfOrders,
    /** Which of these delivery invoices an open payment holds (they cannot be canceled or paid again). */
    async invoicesInPayment(dbOrTx: DbOrTx, invoiceIds: string[]): Promise<Set<string>> {
      return new Set((await findOpenPaymentsOfInvoices(dbOrTx, invoiceIds)).flatMap((p) => (p.invoiceId ? [p.invoiceId] : [])));
    },
    /** The seed's transfers (payments-demo.ts). */
    demo: createPaymentsDemo({ db, orders, payments, admin }),
  };
}

export type PaymentsArea = ReturnType<typeof createPaymentsArea>;
