import { createHash, randomInt } from 'node:crypto';
import {
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_CODE_TTL_MINUTES,
  ACTIVATION_MAX_ATTEMPTS,
  ACTIVATION_RESEND_SECONDS,
  type ActivationStatus,
  plural,
} from '@vmeste/contract';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import { hitAttemptLimits } from '../../shared/rate-limiter.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import type { Messenger } from '../messaging/index.js';
import { findUserByPhone, updateUser } from './users.repository.js';
import type { AccountEvents } from './account-events.js';
import {
  countFailedActivationAttempt,
  deleteActivationCode,
  findActivationCode,
  upsertActivationCode,
} from './activation-codes.repository.js';

export const activationMessages = {
  alreadyConfirmed: 'Аккаунт уже подтверждён',
  noCode: 'Код не запрошен или устарел. Запросите новый код',
  burned: 'Слишком много неверных попыток. Запросите новый код',
  smsFailed: 'Не удалось отправить СМС. Попробуйте ещё раз через минуту',
  wrongCode: (left: number) =>
    `Неверный код. ${plural(left, 'Осталась', 'Осталось', 'Осталось')} ${left} ${plural(left, 'попытка', 'попытки', 'попыток')}`,
  resendIn: (seconds: number) => `Новый код можно запросить через ${seconds} ${plural(seconds, 'секунду', 'секунды', 'секунд')}`,
};

/** Seconds until a code sent at `sentAt` may be followed by another; 0 when it may already. */
function resendSecondsLeft(sentAt: Date): number {
  return Math.max(0, Math.ceil((sentAt.getTime() + ACTIVATION_RESEND_SECONDS * 1000 - Date.now()) / 1000));
}

/** The code is short, so its hash is salted with the account: equal codes of two users differ. */
function hashCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export function createActivationService({
  db,
  config,
  messenger,
  events,
}: {
  db: Db;
  config: Config;
  messenger: Messenger;
  events: AccountEvents;
}) {
  const limits = config.authRateLimit;
  const service = {
    /** Whether a code is waiting to be typed in and when another may be asked for: the activation page opens with it. */
    async status(user: UserRow): Promise<ActivationStatus> {
      if (user.isConfirmedAccount) return { isCodeSent: false, resendAfterSeconds: 0 };
      const row = await findActivationCode(db, user.id);
      if (!row) return { isCodeSent: false, resendAfterSeconds: 0 };
      return {
        isCodeSent: row.expiresAt > new Date() && row.failedAttempts < ACTIVATION_MAX_ATTEMPTS,
        resendAfterSeconds: resendSecondsLeft(row.sentAt),
      };
    },

    async sendCode(user: UserRow, meta: RequestMeta): Promise<{ resendAfterSeconds: number }> {
      if (user.isConfirmedAccount) throw new AppError('CONFLICT', activationMessages.alreadyConfirmed);
      const existing = await findActivationCode(db, user.id);
      if (existing) {
        const secondsLeft = resendSecondsLeft(existing.sentAt);
        if (secondsLeft > 0) {
          throw new AppError('TOO_MANY_REQUESTS', activationMessages.resendIn(secondsLeft), {
            headers: { 'retry-after': String(secondsLeft) },
          });
        }
      }
      await hitAttemptLimits(db, 'activation-send', { meta, phone: user.phone }, limits);

      const code = String(randomInt(0, 10 ** ACTIVATION_CODE_LENGTH)).padStart(ACTIVATION_CODE_LENGTH, '0');
      const sentAt = new Date();
      const messageId = await db.transaction(async (tx) => {
        await upsertActivationCode(tx, {
          userId: user.id,
          codeHash: hashCode(user.id, code),
          sentAt,
          expiresAt: new Date(sentAt.getTime() + ACTIVATION_CODE_TTL_MINUTES * 60_000),
        });
        return messenger.notify(
          tx,
          {
            phone: user.phone,
            kind: 'activation_code',
            text: `Вместе: код подтверждения ${code}. Никому его не сообщайте.`,
            secret: code,
          },
          { deliveredByCaller: true },
        );
      });
      // The person waits for the code on the page: it goes now, not at the job's next turn.
      if (!(await messenger.deliverNow([messageId]))) {
        // A code nobody received must not block a retry for a minute.
        await deleteActivationCode(db, user.id);
        throw new AppError('UNAVAILABLE', activationMessages.smsFailed);
      }
      return { resendAfterSeconds: ACTIVATION_RESEND_SECONDS };
    },

    /**
     * The first code, sent as soon as the account is made. The account stands whatever happens here:
     * a code that did not go out (the gateway failed and logged it, or the address used up its budget)
     * is asked for again from the activation page.
     */
    async sendFirstCode(user: UserRow, meta: RequestMeta): Promise<void> {
      try {
        await service.sendCode(user, meta);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    },

    /**
     * Confirms the account of a phone another channel has proven the person owns (Telegram shares a
     * contact only of its own user's number). No code is involved; the account's pending code is dropped.
     */
    async confirmVerifiedPhone(
      phone: string,
      /** The caller's open transaction, so the confirmation commits or rolls back with its own work. */
      outer?: Tx,
    ): Promise<{ outcome: 'confirmed' | 'already' | 'no-account'; user: UserRow | null }> {
      const confirmIn = async (tx: Tx) => {
        const user = await findUserByPhone(tx, phone, { forUpdate: true });
        if (!user) return { outcome: 'no-account' as const, user: null };
        if (user.isConfirmedAccount) return { outcome: 'already' as const, user };
        await deleteActivationCode(tx, user.id);
        const confirmed = await updateUser(tx, user.id, { isConfirmedAccount: true });
        if (!confirmed) throw new AppError('NOT_FOUND', 'Пользователь не найден');
        await events.accountConfirmed.emit(tx, confirmed);
        return { outcome: 'confirmed' as const, user: confirmed };
      };
      return outer ? confirmIn(outer) : db.transaction(confirmIn);
    },

    async confirm(user: UserRow, code: string, meta: RequestMeta): Promise<UserRow> {
      if (user.isConfirmedAccount) throw new AppError('CONFLICT', activationMessages.alreadyConfirmed);
      // Typing a six-digit code goes wrong more often than typing a password.
      await hitAttemptLimits(db, 'activation-confirm', { meta, phone: user.phone }, limits, { phoneFactor: 2 });

      // A wrong attempt must be counted even though the request fails, so it is its own statement.
      const outcome = await db.transaction(async (tx) => {
        const row = await findActivationCode(tx, user.id, { forUpdate: true });
        if (!row || row.expiresAt <= new Date()) return { kind: 'no-code' as const };
        if (row.failedAttempts >= ACTIVATION_MAX_ATTEMPTS) return { kind: 'burned' as const };
        if (row.codeHash !== hashCode(user.id, code)) {
          const failed = await countFailedActivationAttempt(tx, user.id);
          return { kind: 'wrong' as const, left: ACTIVATION_MAX_ATTEMPTS - failed };
        }
        await deleteActivationCode(tx, user.id);
        const confirmed = await updateUser(tx, user.id, { isConfirmedAccount: true });
        if (!confirmed) throw new AppError('NOT_FOUND', 'Пользователь не найден');
        await events.accountConfirmed.emit(tx, confirmed);
        return { kind: 'confirmed' as const, user: confirmed };
      });

      switch (outcome.kind) {
        case 'confirmed':
          return outcome.user;
        case 'no-code':
          throw new AppError('BAD_REQUEST', activationMessages.noCode, { field: 'code' });
        case 'burned':
          throw new AppError('BAD_REQUEST', activationMessages.burned, { field: 'code' });
        case 'wrong':
          throw new AppError('BAD_REQUEST', outcome.left > 0 ? activationMessages.wrongCode(outcome.left) : activationMessages.burned, {
            field: 'code',
          });
      }
    },
  };
  return service;
}
