import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import { orders } from './orders.schema.js';

const LOOKUP_BATCH = 1000;

/**
 * The link of a phone's orders to its confirmed account is written by whichever of two transactions
 * commits second: the account's confirmation (it attaches the phone's orders) and the writing of new
 * orders for the phone (an import, a hand-made order; they attach to an account confirmed already).
 * Each reads what the other committed only if it runs after it, so both take this lock on the phone
 * first — held to their commit — and do the link after it: the second to get it sees the first's
 * work. Phones are locked in order, so two imports sharing phones never wait on each other in a
 * circle. Without it an account confirmed during an import kept its imported order unlinked.
 */
export async function lockPhoneLinks(tx: Tx, phones: string[]): Promise<void> {
  if (phones.length === 0) return;
  const sorted = [...new Set(phones)].sort();
  for (let i = 0; i < sorted.length; i += LOOKUP_BATCH) {
    const batch = sorted.slice(i, i + LOOKUP_BATCH);
    await tx.execute(sql`
      select pg_advisory_xact_lock(k) from (
        select hashtextextended('order-owner:' || p, 0) as k from jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb) as p order by p
      ) as keys`);
  }
}

/** Orders of the phone without an owner become the account's; running it again changes nothing. */
export async function attachOrdersOfPhones(tx: Tx, owners: { phone: string; userId: string }[]): Promise<void> {
  for (let i = 0; i < owners.length; i += LOOKUP_BATCH) {
    const batch = owners.slice(i, i + LOOKUP_BATCH);
    await tx.execute(sql`
      update ${orders} o set user_id = v.user_id, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch.map((b) => ({ phone: b.phone, user_id: b.userId })))}::jsonb) as v(phone text, user_id uuid)
      where o.phone = v.phone and o.user_id is null`);
  }
}

/** An account just confirmed, in its confirmation's transaction: its phone's orders become its own. */
export async function linkConfirmedAccount(tx: Tx, user: { id: string; phone: string }): Promise<void> {
  await lockPhoneLinks(tx, [user.phone]);
  await attachOrdersOfPhones(tx, [{ phone: user.phone, userId: user.id }]);
}

/**
 * After orders of these phones were written in `tx`: the phones' confirmed accounts are read again
 * under the lock (an account confirmed since the caller's first look is seen) and take the orders.
 */
export async function linkOrdersOfPhones(tx: Tx, accounts: Pick<AccountsArea, 'findClientsByPhones'>, phones: string[]): Promise<void> {
  const unique = [...new Set(phones)];
  await lockPhoneLinks(tx, unique);
  const owners: { phone: string; userId: string }[] = [];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    for (const [phone, account] of await accounts.findClientsByPhones(tx, unique.slice(i, i + LOOKUP_BATCH))) {
      if (account.isConfirmed) owners.push({ phone, userId: account.id });
    }
  }
  await attachOrdersOfPhones(tx, owners);
}
