/**
 * The accounts area: who may sign in and as what. Owns the tables users, sessions, activation_codes
 * and password_resets; serves /auth/* and /users*. Other areas use only what this file exports.
 */
import { clientAccountsSource } from './client-accounts.sql.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import type { UserRow } from './accounts.schema.js';
import { createAccountsServices } from './accounts.services.js';
import { authRoutes } from './auth.routes.js';
import { hashPassword } from './passwords.js';
import { createReferralCode } from './referral-codes.js';
import {
  countUsers,
  findAccounts,
  findClientsByPhones,
  findReferredAccounts,
  insertUserIfPhoneFree,
  insertUsers,
} from './users.repository.js';
import { usersRoutes } from './users.routes.js';

export type { AccountCard, ClientAccount } from './users.repository.js';
export type { UserRow } from './accounts.schema.js';

declare module '../../http/endpoint-routes.js' {
  /** A request's user is the whole account row (Authenticated): handlers read its name, phone, referral code… */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: widens http's RequestUser
  interface RequestUser extends UserRow {}
}

export type DemoAccount = { phone: string; name: string; surname: string; role: UserRow['role']; isConfirmedAccount: boolean };

export function createAccountsArea({ db, config, messenger }: { db: Db; config: Config; messenger: Messenger }) {
  const services = createAccountsServices({ db, config, messenger });
  return {
    routes: [...authRoutes(services), ...usersRoutes(services)],
    /** Client accounts as a subquery, for the reports area to join. */
    reportSources: { clientAccounts: clientAccountsSource },
    authenticate: services.auth.authenticate,
    /** Runs in the confirming transaction: a handler that throws undoes the confirmation. */
    onAccountConfirmed: services.events.accountConfirmed.subscribe,
    findClientsByPhones,
    findAccounts,
    /** For a phone another channel proved the person owns (a Telegram contact of its own user). */
    confirmVerifiedPhone: services.activation.confirmVerifiedPhone,
    findReferredAccounts,

    /** Creates the given accounts with one password, only into a shop with no accounts yet; answers whether it did. */
    async seedAccounts(accounts: DemoAccount[], password: string): Promise<boolean> {
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

    /**
     * Makes the shop's first administrator from the configuration when nobody has that phone yet;
     * an existing account is left as it is (its password is never reset by a restart).
     */
    async ensureFirstAdmin(admin: { phone: string; password: string }): Promise<'created' | 'exists'> {
      const created = await insertUserIfPhoneFree(db, {
        phone: admin.phone,
        name: 'Администратор',
        surname: 'Магазина',
        role: 'admin',
        isConfirmedAccount: true,
        passwordHash: await hashPassword(admin.password),
        referralCode: createReferralCode(),
      });
      return created ? 'created' : 'exists';
    },
  };
}

export type AccountsArea = ReturnType<typeof createAccountsArea>;
