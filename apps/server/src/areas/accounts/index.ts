/**
 * The accounts area: who may sign in and as what. Owns the tables users, sessions, activation_codes
 * and password_resets; serves /auth/* and /users*. Other areas use only what this file exports.
 */
import { clientAccountsSource } from './client-accounts.sql.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import type { UserRow } from './accounts.schema.js';
import { createAccountsDemo } from './accounts-demo.js';
import { createAccountsServices } from './accounts.services.js';
import { authRoutes } from './auth.routes.js';
import { hashPassword } from './passwords.js';
import { createReferralCode } from './referral-codes.js';
import { findAccounts, findClientsByPhones, findReferredAccounts, insertUserIfPhoneFree } from './users.repository.js';
import { usersRoutes } from './users.routes.js';

export type { ClientAccount } from './users.repository.js';

declare module '../../http/endpoint-routes.js' {
  /** A request's user is the whole account row (Authenticated): handlers read its name, phone, referral code… */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: widens http's RequestUser
  interface RequestUser extends UserRow {}
}

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

    /** The seed's demo accounts (accounts-demo.ts). */
    demo: createAccountsDemo(db),

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
