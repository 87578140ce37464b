/**
 * The bonus programme: a ledger of every client's bonuses (cashback, referral, manual, spend,
 * reversal, expiry, refund), its settings, exceptions and manual accrual. Owns the tables
 * bonus_accounts, bonus_entries, bonus_settings, bonus_custom_rates, bonus_uploads and
 * bonus_expiry_warnings; serves /bonus* and /users/custom-cashback. It sits above payments and
 * orders and acts on their in-transaction events: a spend that the balance cannot cover refuses the
 * payment, and a credit is written in the same transaction as the money or the hand-over it is for.
 */
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { Job } from '../../jobs/job-runner.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentsArea } from '../payments/index.js';
import type { PurchasesArea } from '../purchases/index.js';
import { createBonusAudit } from './bonus-audit.js';
import { createBonusDemo } from './bonus-demo.js';
import { bonusRoutes } from './bonus.routes.js';
import { bonusTotalsSource } from './bonus-totals.sql.js';
import { createBonusService } from './bonus.service.js';
import { createCashback } from './cashback.js';
import { createExpiry } from './expiry.js';
import { findBalance } from './ledger.repository.js';
import { findRulesAt } from './settings.repository.js';
import { createSpending } from './spending.js';
import { createUploads } from './uploads.service.js';

export function createBonusArea({
  db,
  storage,
  accounts,
  purchases,
  orders,
  payments,
  messenger,
}: {
  db: Db;
  storage: FileStorage;
  accounts: AccountsArea;
  purchases: PurchasesArea;
  orders: OrdersArea;
  payments: PaymentsArea;
  messenger: Messenger;
}) {
  const cashback = createCashback({ accounts, orders, purchases, payments });
  const spending = createSpending({ accounts });
  const expiry = createExpiry({ db, accounts, messenger });
  const service = createBonusService({ db, accounts, purchases, expiry });
  const uploads = createUploads({ db, accounts, storage });
  const audit = createBonusAudit({ accounts, payments });

  payments.onPaymentCreated((tx, payment) => spending.spend(tx, payment));
  payments.onPaymentClosed((tx, payment) => spending.giveBack(tx, payment));
  payments.provideLateBonusTaker((tx, payment, kopecks) => spending.takeAgainForLateMoney(tx, payment, kopecks));
  payments.onPaymentSucceeded(async (tx, payment) => {
    const rules = await findRulesAt(tx, payment.paidAt);
    const orderIds = payment.items.map((i) => i.orderId);
    // On delivery, an order already handed over (cash at the counter) is credited at once.
    const delivered = new Set(
      (await orders.fulfilment.findWarehouseOrders(tx, orderIds)).filter((o) => o.fulfilmentStatus === 'delivered').map((o) => o.id),
    );
    const items = payment.items.filter((i) => rules.creditOn === 'payment' || delivered.has(i.orderId));
    await cashback.accrue(
      tx,
      items.map((i) => ({ ...i, paymentId: payment.paymentId, paymentNumber: payment.paymentNumber, paidAt: payment.paidAt })),
    );
  });
  payments.onRefunded(async (tx, refund) => {
    await spending.creditRefund(tx, refund, refund.parts);
    await cashback.reverse(tx, refund.parts);
  });
  orders.onOrdersDelivered((tx, { orderIds }) => cashback.accrueDelivered(tx, orderIds));

  const jobs: Job[] = [
    {
      name: 'bonus.expiry',
      everySeconds: 3600,
      // Expire first: a credit already past its lifetime (expiry just switched on) is not warned about.
      run: async () => {
        await expiry.expire();
        await expiry.warn();
      },
    },
  ];

  return {
    routes: bonusRoutes({ service, uploads }),
    /** Every client's balance and what the programme gave them, as a subquery for the reports area. */
    reportSources: { bonusTotals: bonusTotalsSource },
    jobs,
    /** The money audit's checks of the ledger, balances and the bonus parts of payments (docs/decisions/029). */
    auditChecks: audit.auditChecks,
    /** A client's balance, for other areas' pages. */
    balanceOf: (userId: string) => findBalance(db, userId),
    /** For tests and the demo: run the expiry job's two steps at a given moment. */
    expiry,
    /** The seed's credits and percents (bonus-demo.ts). */
    demo: createBonusDemo(service),
  };
}

export type BonusArea = ReturnType<typeof createBonusArea>;
