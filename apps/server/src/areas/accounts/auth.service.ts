import type { AuthResponse, signinBodySchema, signupBodySchema } from '@vmeste/contract';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import { hitAttemptLimits } from '../../shared/rate-limiter.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import { createReferralCode } from './referral-codes.js';
import { toUserView } from './user-view.js';
import { findUserByPhone, findUserByReferralCode, insertUserIfPhoneFree } from './users.repository.js';
import { getDummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import type { PasswordAttempts } from './password-attempts.js';
import { createSessionToken, hashToken } from './session-tokens.js';
import { insertSession, prepareFindLiveSession, revokeSession } from './sessions.repository.js';

export type SignupInput = z.output<typeof signupBodySchema>;
export type SigninInput = z.output<typeof signinBodySchema>;
export type Authenticated = { user: UserRow; sessionId: string };

export const authMessages = {
  wrongCredentials: 'Неверный телефон или пароль',
  phoneTaken: 'Этот телефон уже зарегистрирован. Войдите или восстановите пароль',
  deactivated: 'Учётная запись отключена. Обратитесь к администратору магазина',
} as const;

export function createAuthService({
  db,
  config,
  passwordAttempts,
  afterSignUp,
}: {
  db: Db;
  config: Config;
  passwordAttempts: PasswordAttempts;
  /** Runs once the new account is committed (the activation code goes out). */
  afterSignUp: (user: UserRow, meta: RequestMeta) => Promise<void>;
}) {
  const findLiveSession = prepareFindLiveSession(db);
  async function openSession(dbOrTx: DbOrTx, user: UserRow, meta: RequestMeta): Promise<AuthResponse> {
    const accessToken = createSessionToken();
    const expiresAt = new Date(Date.now() + config.sessionTtlDays * 24 * 60 * 60 * 1000);
    await insertSession(dbOrTx, { userId: user.id, tokenHash: hashToken(accessToken), expiresAt, userAgent: meta.userAgent, ip: meta.ip });
    return { accessToken, user: toUserView(user) };
  }

  return {
    async signUp(input: SignupInput, meta: RequestMeta): Promise<AuthResponse> {
      await hitAttemptLimits(db, 'signup', { meta, phone: input.phone }, config.authRateLimit);
      const passwordHash = await hashPassword(input.password);
      // A stale or mistyped referral link must not block a sign-up: an unknown code is ignored.
      const referrer = input.referer ? await findUserByReferralCode(db, input.referer.toUpperCase()) : undefined;
      const { user, answer } = await db.transaction(async (tx) => {
        const user = await insertUserIfPhoneFree(tx, {
          phone: input.phone,
          name: input.name,
          surname: input.surname,
          email: input.email ?? null,
          passwordHash,
          role: 'client',
          referralCode: createReferralCode(),
          referredBy: referrer?.id ?? null,
        });
        if (!user) throw new AppError('CONFLICT', authMessages.phoneTaken, { field: 'phone' });
        return { user, answer: await openSession(tx, user, meta) };
      });
      await afterSignUp(user, meta);
      return answer;
    },

    async signIn(input: SigninInput, meta: RequestMeta): Promise<AuthResponse> {
      const attempt = await passwordAttempts.begin(input.phone, meta);
      const user = await findUserByPhone(db, input.phone);
      const isPasswordRight = await verifyPassword(user?.passwordHash ?? (await getDummyPasswordHash()), input.password);
      if (!user || !isPasswordRight) {
        await attempt.failed();
        throw new AppError('BAD_REQUEST', authMessages.wrongCredentials);
      }
      await attempt.succeeded();
      if (!user.isActive) throw new AppError('FORBIDDEN', authMessages.deactivated);
      return openSession(db, user, meta);
    },

    async logout(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId);
    },

    async authenticate(token: string): Promise<Authenticated | undefined> {
      const found = await findLiveSession(hashToken(token));
      return found ? { user: found.user, sessionId: found.sessionId } : undefined;
    },
  };
}
