import { authEndpoints } from './auth.endpoints.js';
import { cardsEndpoints } from './cards.endpoints.js';
import type { EndpointDef } from './endpoint.js';
import { ordersEndpoints } from './orders.endpoints.js';
import { paymentsEndpoints } from './payments.endpoints.js';
import { purchasesEndpoints } from './purchases.endpoints.js';
import { usersEndpoints } from './users.endpoints.js';
import { warehouseEndpoints } from './warehouse.endpoints.js';
import { deliveryEndpoints } from './delivery.endpoints.js';
import { systemEndpoints } from './system.endpoints.js';
import { bonusEndpoints } from './bonus.endpoints.js';
import { reportsEndpoints } from './reports.endpoints.js';
import { telegramEndpoints } from './telegram.endpoints.js';
import { auditEndpoints } from './audit.endpoints.js';

/**
 * Every endpoint of the API by group (`endpoints.orders.listMine`); each group is served by the
 * server's route file of the same name (`auth.routes.ts` serves /auth/*, `users.routes.ts` /users*).
 * The server registers exactly these; the web app calls only these.
 */
export const endpoints = {
  system: systemEndpoints,
  auth: authEndpoints,
  users: usersEndpoints,
  purchases: purchasesEndpoints,
  cards: cardsEndpoints,
  orders: ordersEndpoints,
  payments: paymentsEndpoints,
  warehouse: warehouseEndpoints,
  delivery: deliveryEndpoints,
  bonus: bonusEndpoints,
  reports: reportsEndpoints,
  telegram: telegramEndpoints,
  audit: auditEndpoints,
};

export type EndpointGroup = Record<string, EndpointDef>;

/** Every endpoint with its name (`orders.listMine`), for registration checks and the role matrix. */
export function listEndpoints(): { name: string; def: EndpointDef }[] {
  return Object.entries(endpoints).flatMap(([group, defs]) =>
    Object.entries(defs as EndpointGroup).map(([name, def]) => ({ name: `${group}.${name}`, def })),
  );
}
