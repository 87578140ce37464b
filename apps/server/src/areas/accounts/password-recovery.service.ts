import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@vmeste/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { hitAttemptLimits, hitRateLimit } from '../../shared/rate-limiter.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.repository.js';
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

const isLive = (reset: { usedAt: Date | null; expiresAt: Date } | undefined) =>
  Boolean(reset && !reset.usedAt && reset.expiresAt > new Date());

export function createPasswordRecoveryService({ db, config, messenger }: { db: Db; config: Config; messenger: Messenger }) {
  const { perIp, windowSeconds } = config.authRateLimit;
  /** Opening a link and using it count against one budget per address; a link names no phone. */
  const hitLinkLimit = (meta: RequestMeta) => hitRateLimit(db, `reset-link:ip:${meta.ip}`, { limit: perIp, windowSeconds });

  return {
    /**
     * Sends a reset link to a registered phone. The caller answers the same whatever happens here, so
     * nobody learns which phones have accounts.
     */
    async requestReset(phone: string, meta: RequestMeta): Promise<void> {
      await hitAttemptLimits(db, 'forgot', { meta, phone }, config.authRateLimit);
      const user = await findUserByPhone(db, phone);
      if (!user || !user.isActive) return;
      // 256 random bits; the link is the only copy, the database keeps its hash.
      const id = randomBytes(32).toString('base64url');
      await db.transaction((tx) =>
        replacePasswordReset(tx, {
          userId: user.id,
          tokenHash: hashResetId(id),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
        }),
      );
      const link = `${config.publicUrl}/reset-password/${id}`;
      await messenger.send({
        phone,
        kind: 'password_reset',
        text: `Вместе: ссылка для сброса пароля ${link} (действует 1 час). Если вы не запрашивали сброс, ничего не делайте.`,
        secret: id,
      });
    },

    /**
     * Whether a reset link still works, asked when its page opens. The links are 256 random bits, so
     * guessing is hopeless; the limit per address (shared with the reset itself) keeps it that way.
     */
    async isLinkLive(id: string, meta: RequestMeta): Promise<boolean> {
      await hitLinkLimit(meta);
      return isLive(await findPasswordReset(db, hashResetId(id)));
    },

    /** Sets a new password by a reset link; the link is spent and every session of the account ends. */
    async resetPassword(id: string, password: string, meta: RequestMeta): Promise<void> {
      await hitLinkLimit(meta);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const reset = await findPasswordResetForUpdate(tx, hashResetId(id));
        if (!reset || !isLive(reset)) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK, { field: 'id' });
        await markPasswordResetUsed(tx, reset.id);
        await updateUser(tx, reset.userId, { passwordHash });
        await revokeUserSessions(tx, reset.userId);
      });
    },
  };
}
