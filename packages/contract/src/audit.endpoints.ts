import { moneyAuditSchema } from './audit.js';
import { endpoint } from './endpoint.js';

const admin = ['admin'] as const;

/** The money audit for the admin: the same check as `npm run audit:money` (docs/decisions/029). */
export const auditEndpoints = {
  money: endpoint({
    method: 'GET',
    path: '/audit/money',
    tag: 'audit',
    summary:
      'Сверка денег: платежи, возвраты, заказы, бонусы и счета доставки пересчитываются заново, каждое расхождение — строкой. Администратор',
    access: admin,
    response: moneyAuditSchema,
  }),
};
