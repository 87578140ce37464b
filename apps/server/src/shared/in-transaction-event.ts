import type { Tx } from '../db/client.js';

export type InTransactionHandler<P> = (tx: Tx, payload: P) => Promise<void>;

/**
 * Something one area announces inside its own transaction, for other areas to act on in the same
 * transaction (attach orders when an account is confirmed, recompute totals when a fee changes).
 * A handler that throws rolls the whole change back, so a subscriber may also veto it. The emitting
 * area never imports its subscribers: they register through its public face.
 */
export function createInTransactionEvent<P>() {
  const handlers: InTransactionHandler<P>[] = [];
  return {
    subscribe(handler: InTransactionHandler<P>): void {
      handlers.push(handler);
    },
    async emit(tx: Tx, payload: P): Promise<void> {
      for (const handler of handlers) await handler(tx, payload);
    },
  };
}
