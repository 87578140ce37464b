/**
 * The audit area: the money audit («Сверка» on «Оплаты», `npm run audit:money`). Owns no tables; it
 * asks each area that keeps money for its own checks through its face and gathers what they find
 * (docs/decisions/029). It sits above every area it asks.
 */
import type { Db } from '../../db/client.js';
import type { BonusArea } from '../bonus/index.js';
import type { DeliveryArea } from '../delivery/index.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentsArea } from '../payments/index.js';
import { auditRoutes } from './audit.routes.js';
import { createMoneyAudit } from './money-audit.js';
import { providerChecks } from './provider-check.js';

export function createAuditArea({
  db,
  orders,
  payments,
  bonus,
  delivery,
}: {
  db: Db;
  orders: OrdersArea;
  payments: PaymentsArea;
  bonus: BonusArea;
  delivery: DeliveryArea;
}) {
  const moneyAudit = createMoneyAudit({
    db,
    checks: [orders.auditChecks, payments.auditChecks, bonus.auditChecks, delivery.auditChecks, providerChecks],
  });
  return {
    routes: auditRoutes(moneyAudit),
    /** Every difference of the shop's money, as «Сверка» shows it and the command prints it. */
    moneyAudit,
  };
}
