import type { updateProfileBodySchema } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import { endAccountAccess } from './account-access.js';
import type { Authenticated } from './auth.service.js';
import type { PasswordAttempts } from './password-attempts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { updateUser } from './users.repository.js';

export type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;

export function createProfileService({ db, passwordAttempts }: { db: Db; passwordAttempts: PasswordAttempts }) {
  return {
    /**
     * Name, surname, e-mail; a new password needs the current one, checked under the same limits as
     * sign-in (someone holding a stolen session must not guess the password through here), and ends
     * every open reset link and every other session. The session that made the change stays: its
     * holder has just proved the current password, and signing them out of the device in hand would
     * only make them sign in again.
     */
    async updateProfile({ user, sessionId }: Authenticated, input: UpdateProfileInput, meta: RequestMeta): Promise<UserRow> {
      const changes: Partial<UserRow> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.surname !== undefined) changes.surname = input.surname;
      if (input.email !== undefined) changes.email = input.email;
      if (input.newPassword) {
        const attempt = await passwordAttempts.begin(user.phone, meta);
        const isCurrentRight = await verifyPassword(user.passwordHash, input.currentPassword ?? '');
        if (!isCurrentRight) {
          await attempt.failed();
          throw new AppError('BAD_REQUEST', 'Текущий пароль указан неверно', { field: 'currentPassword' });
        }
        await attempt.succeeded();
        changes.passwordHash = await hashPassword(input.newPassword);
      }
      return db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, changes);
        if (!updated) throw new AppError('NOT_FOUND', 'Пользователь не найден');
        if (input.newPassword) await endAccountAccess(tx, user.id, { keepSessionId: sessionId });
        return updated;
      });
    },
  };
}
