import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';

export type AccountConfirmedHandler = (tx: Tx, user: UserRow) => Promise<void>;

/**
 * Work that must happen in the same transaction as an account's confirmation — such as attaching
 * orders imported earlier for that phone. Areas register here; accounts do not import them.
 */
export function createAccountEvents() {
  const confirmedHandlers: AccountConfirmedHandler[] = [];
  return {
    onAccountConfirmed(handler: AccountConfirmedHandler) {
      confirmedHandlers.push(handler);
    },
    async accountConfirmed(tx: Tx, user: UserRow) {
      for (const handler of confirmedHandlers) await handler(tx, user);
    },
  };
}

export type AccountEvents = ReturnType<typeof createAccountEvents>;
