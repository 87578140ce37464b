/**
 * Reports: the clients report over the figures other areas own. Owns no tables: each area gives a
 * subquery of its own figures through its face (orders per phone, client accounts, bonus totals,
 * money for orders), and this area only joins, filters, sorts and pages them (docs/decisions/019).
 * Serves /reports*.
 */
import type { Database, Db } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import type { BonusArea } from '../bonus/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentsArea } from '../payments/index.js';
import { createClientsReport } from './clients-report.service.js';
import { reportsRoutes } from './reports.routes.js';

export function createReportsArea({
  db,
  databaseKind,
  accounts,
  orders,
  payments,
  bonus,
}: {
  db: Db;
  databaseKind: Database['kind'];
  accounts: AccountsArea;
  orders: OrdersArea;
  payments: PaymentsArea;
  bonus: BonusArea;
}) {
  const clients = createClientsReport({
    db,
    exportThroughCursor: databaseKind === 'postgres',
    faces: {
      clientTotals: orders.reportSources.clientTotals,
      orderPhones: orders.reportSources.orderPhones,
      clientAccounts: accounts.reportSources.clientAccounts,
      bonusTotals: bonus.reportSources.bonusTotals,
      orderRevenue: payments.reportSources.orderRevenue,
    },
  });
  return { routes: reportsRoutes(clients), clients };
}
