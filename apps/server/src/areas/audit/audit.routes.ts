import { auditEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { MoneyAuditRun } from './money-audit.js';

export const auditRoutes = (moneyAudit: MoneyAuditRun) => routesOf(auditEndpoints, { money: () => moneyAudit() });
