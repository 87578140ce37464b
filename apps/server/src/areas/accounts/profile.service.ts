import type { updateProfileBodySchema } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { revokeUserSessionsExcept } from './sessions.repository.js';
import { updateUser } from './users.repository.js';

export type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;

export function createProfileService({ db }: { db: Db }) {
  return {
    /** Name, surname, e-mail; a new password needs the current one and ends every other session. */
    async updateProfile(user: UserRow, sessionId: string, input: UpdateProfileInput): Promise<UserRow> {
      const changes: Partial<UserRow> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.surname !== undefined) changes.surname = input.surname;
      if (input.email !== undefined) changes.email = input.email;
      if (input.newPassword) {
        const isCurrentRight = await verifyPassword(user.passwordHash, input.currentPassword ?? '');
        if (!isCurrentRight) throw new AppError('BAD_REQUEST', 'Текущий пароль указан неверно', { field: 'currentPassword' });
        changes.passwordHash = await hashPassword(input.newPassword);
      }
      return db.transaction(async (tx) => {
        const updated = await updateUser(tx, user.id, changes);
        if (!updated) throw new AppError('NOT_FOUND', 'Пользователь не найден');
        if (input.newPassword) await revokeUserSessionsExcept(tx, user.id, sessionId);
        return updated;
      });
    },
  };
}
