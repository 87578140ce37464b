import { createHash, randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { PASSWORD_RESET_TTL_MINUTES } from '@vmeste/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { hitAttemptLimits, hitRateLimit } from '../../shared/rate-limiter.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import { hashPassword } from './passwords.js';
import { endAccountAccess } from './account-access.js';
import type { Messenger } from '../messaging/index.js';
import { findUserByPhone, updateUser } from './users.repository.js';
import {
  findPasswordReset,
  findPasswordResetForUpdate,
  markPasswordResetUsed,
  replacePasswordReset,
} from './password-resets.repository.js';

export const INVALID_RESET_LINK = 'Ссылка для сброса пароля недействительна или устарела. Запросите новую';

function hashResetId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

const isLive = (reset: { usedAt: Date | null; expiresAt: Date; isAccountActive: boolean } | undefined) =>
  Boolean(reset && !reset.usedAt && reset.expiresAt > new Date() && reset.isAccountActive);

/** Where an error of work finished after the answer is told (the request's log). */
export type LateErrorLog = { error(details: object, message: string): void };

export function createPasswordRecoveryService({ db, config, messenger }: { db: Db; config: Config; messenger: Messenger }) {
  const { perIp, windowSeconds } = config.authRateLimit;
  /** Opening a link and using it count against one budget per address; a link names no phone. */
  const hitLinkLimit = (meta: RequestMeta) => hitRateLimit(db, `reset-link:ip:${meta.ip}`, { limit: perIp, windowSeconds });

  /** Makes the link and sends it; nothing for a phone without an active account. */
  async function sendLink(phone: string): Promise<void> {
    const user = await findUserByPhone(db, phone);
    if (!user || !user.isActive) return;
    // 256 random bits; the link is the only copy, the database keeps its hash.
    const id = randomBytes(32).toString('base64url');
    const link = `${config.publicUrl}/reset-password/${id}`;
    const messageId = await db.transaction(async (tx) => {
      await replacePasswordReset(tx, {
        userId: user.id,
        tokenHash: hashResetId(id),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
      return messenger.notify(
        tx,
        {
          phone,
          kind: 'password_reset',
          text: `Вместе: ссылка для сброса пароля ${link} (действует 1 час). Если вы не запрашивали сброс, ничего не делайте.`,
          secret: id,
        },
        { deliveredByCaller: true },
      );
    });
    // The person waits for the link: it goes now, not at the job's next turn.
    await messenger.deliverNow([messageId]);
  }

  return {
    /**
     * Sends a reset link to a registered phone. The caller answers the same whatever happens here, so
     * nobody learns which phones have accounts — neither by the answer nor by its time: a registered
     * phone costs a link and a message (an SMS gateway's round trip among them), an unknown one a
     * lookup, so the answer waits until `forgotPasswordAnswerMs` after the limits passed on both
     * paths, and work that takes longer (a slow gateway) goes on after the answer. The limits come
     * first and cost the same for every phone.
     */
    async requestReset(phone: string, meta: RequestMeta, log: LateErrorLog): Promise<void> {
      await hitAttemptLimits(db, 'forgot', { meta, phone }, config.authRateLimit);
      const floorMs = config.forgotPasswordAnswerMs;
      if (floorMs === 0) return sendLink(phone);
      void sendLink(phone).catch((error: unknown) => log.error({ err: error }, 'the password reset link was not sent'));
      await setTimeout(floorMs);
    },

    /**
     * Whether a reset link still works, asked when its page opens. The links are 256 random bits, so
     * guessing is hopeless; the limit per address (shared with the reset itself) keeps it that way.
     */
    async isLinkLive(id: string, meta: RequestMeta): Promise<boolean> {
      await hitLinkLimit(meta);
      return isLive(await findPasswordReset(db, hashResetId(id)));
    },

    /**
     * Sets a new password by a reset link; the link is spent, with every other open link and every
     * session of the account. The link is checked before the password is hashed: argon2 is the
     * costly part, and a flood of dead links must not buy it. The check is made again under the
     * row's lock, since the link may have been used while the hash was made.
     */
    async resetPassword(id: string, password: string, meta: RequestMeta): Promise<void> {
      await hitLinkLimit(meta);
      const tokenHash = hashResetId(id);
      const deadLink = () => new AppError('BAD_REQUEST', INVALID_RESET_LINK, { field: 'id' });
      if (!isLive(await findPasswordReset(db, tokenHash))) throw deadLink();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const reset = await findPasswordResetForUpdate(tx, tokenHash);
        if (!reset || !isLive(reset)) throw deadLink();
        await markPasswordResetUsed(tx, reset.id);
        await updateUser(tx, reset.userId, { passwordHash });
        await endAccountAccess(tx, reset.userId);
      });
    },
  };
}
