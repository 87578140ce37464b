import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Job } from '../../jobs/job-runner.js';
import type { PaymentAdminService } from './payment-admin.service.js';
import type { Settlement } from './payment-settlement.js';
import { findPayment, findPendingOnline, findStaleTransfers } from './payments.repository.js';

/** A payment written but never created at the provider (the process died in between) is dropped after this. */
const UNSTARTED_MINUTES = 10;
/** A refund pending this long is asked of the provider: the request that wrote it has had its answer or died. */
const REFUND_ASKED_AFTER_MINUTES = 1;
/** Payments refunded this recently have their refunds at the provider listed and compared. */
const REFUNDS_COMPARED_HOURS = 48;

/**
 * The payments area's background work: notifications get lost, clients close the provider's page,
 * receipts never come. Each job is idempotent, as each step goes through the settlement's checks.
 */
export function paymentJobs({
  db,
  settlement,
  log,
  settings,
  hasProvider,
  refunds,
}: {
  db: Db;
  settlement: Settlement;
  /** The admin's refunds: the reconcile job settles the ones left pending. */
  refunds: Pick<PaymentAdminService, 'reconcileRefunds' | 'compareProviderRefunds'>;
  log: FastifyBaseLogger;
  settings: { expiryMinutes: number; receiptWaitHours: number };
  /** Without a provider (no online payments) nobody is asked: online payments left from before just expire. */
  hasProvider: boolean;
}): Job[] {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  /** Closes a payment that is still pending with the given reason, in its own transaction. */
  async function expire(id: string, reason: string) {
    await db.transaction(async (tx) => {
      const payment = await findPayment(tx, id, { forUpdate: true });
      if (payment?.status !== 'pending') return;
      await settlement.close(tx, payment, 'canceled', 'expired', null, reason);
    });
  }

  return [
    {
      // Every minute for the first hour (the provider's pay window): ask about each pending payment.
      name: 'payments.recheck',
      everySeconds: 60,
      async run() {
        if (!hasProvider) return;
        for (const payment of await findPendingOnline(db, { createdAfter: minutesAgo(settings.expiryMinutes) })) {
          if (payment.providerPaymentId) {
            await settlement.applyFromProvider(payment.providerPaymentId).catch((error: unknown) => {
              log.warn({ err: error, paymentId: payment.id }, 'payment re-check failed; next turn will retry');
            });
          } else if (payment.createdAt < minutesAgo(UNSTARTED_MINUTES)) {
            await expire(payment.id, 'Платёж не был создан у платёжного сервиса');
          }
        }
      },
    },
    {
      // Refunds are recorded pending before the provider is asked (docs/decisions/024); a process that
      // died after the provider's refund, or a provider that did not answer, leaves one pending.
      name: 'payments.refunds-reconcile',
      everySeconds: 60,
      async run() {
        if (!hasProvider) return;
        await refunds.reconcileRefunds({ pendingBefore: minutesAgo(REFUND_ASKED_AFTER_MINUTES) });
        // Online payments still pending past the re-check's window (the expiry job could not ask): once more.
        for (const payment of await findPendingOnline(db, { createdBefore: minutesAgo(settings.expiryMinutes) })) {
          if (!payment.providerPaymentId) continue;
          await settlement.applyFromProvider(payment.providerPaymentId).catch((error: unknown) => {
            log.warn({ err: error, paymentId: payment.id }, 'overdue payment not re-checked; next turn will retry');
          });
        }
      },
    },
    {
      // A refund made in the provider's dashboard (or lost before refunds were recorded first) is known
      // only to the provider: the refunds of recently refunded payments are listed there, four times an
      // hour rather than every minute, as it is a call per payment.
      name: 'payments.refunds-compare',
      everySeconds: 15 * 60,
      async run() {
        if (!hasProvider) return;
        await refunds.compareProviderRefunds({ refundedSince: minutesAgo(REFUNDS_COMPARED_HOURS * 60) });
      },
    },
    {
      name: 'payments.expire',
      everySeconds: 60,
      async run() {
        for (const payment of await findPendingOnline(db, { createdBefore: minutesAgo(settings.expiryMinutes) })) {
          // One last look: money that came late is still money.
          if (payment.providerPaymentId && hasProvider) {
            const after = await settlement.applyFromProvider(payment.providerPaymentId).catch(() => findPayment(db, payment.id));
            if (after?.status !== 'pending') continue;
          }
          await expire(payment.id, 'Время на оплату истекло');
        }
        for (const payment of await findStaleTransfers(db, minutesAgo(settings.receiptWaitHours * 60))) {
          await expire(payment.id, 'Чек перевода не загружен вовремя');
        }
      },
    },
  ];
}
