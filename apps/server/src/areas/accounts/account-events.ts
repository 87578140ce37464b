import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import type { UserRow } from './accounts.schema.js';

/**
 * What the accounts area announces inside its transactions — such as a confirmed account, to which
 * orders imported earlier for that phone attach themselves. Other areas subscribe through index.ts.
 */
export function createAccountEvents() {
  return { accountConfirmed: createInTransactionEvent<UserRow>() };
}

export type AccountEvents = ReturnType<typeof createAccountEvents>;
