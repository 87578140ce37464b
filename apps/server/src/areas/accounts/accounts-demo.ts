import type { Db } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { hashPassword } from './passwords.js';
import { createReferralCode } from './referral-codes.js';
import { countUsers, insertUsers } from './users.repository.js';

export type DemoAccount = { phone: string; name: string; surname: string; role: UserRow['role']; isConfirmedAccount: boolean };

/** The accounts area's part of the demo data (`src/seed/`); nothing in the running shop calls it. */
export function createAccountsDemo(db: Db) {
  return {
    /** Creates the given accounts with one password, only into a shop with no accounts yet; answers whether it did. */
    async seed(accounts: DemoAccount[], password: string): Promise<boolean> {
      if ((await countUsers(db)) > 0) return false;
      const passwordHash = await hashPassword(password);
      await db.transaction((tx) =>
        insertUsers(
          tx,
          accounts.map((a) => ({ ...a, passwordHash, referralCode: createReferralCode() })),
        ),
      );
      return true;
    },
  };
}
