import type { createStaffBodySchema, StaffRole, updateStaffBodySchema } from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import { hashPassword } from './passwords.js';
import { endAccountAccess } from './account-access.js';
import { createReferralCode } from './referral-codes.js';
import { findUserById, insertUserIfPhoneFree, listStaff, updateUser } from './users.repository.js';

export type CreateStaffInput = z.output<typeof createStaffBodySchema>;
export type UpdateStaffInput = z.output<typeof updateStaffBodySchema>;

export const staffMessages = {
  notFound: 'Сотрудник не найден',
  phoneTaken: 'Этот телефон уже зарегистрирован',
  selfDelete: 'Нельзя удалить собственную учётную запись',
  selfDemote: 'Нельзя снять с себя роль администратора',
  selfDeactivate: 'Нельзя отключить собственную учётную запись',
} as const;

/** Employees: every account but clients. Only admins reach this service (see staff.routes.ts). */
export function createStaffService({ db }: { db: Db }) {
  async function findStaff(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user || user.role === 'client') throw new AppError('NOT_FOUND', staffMessages.notFound);
    return user;
  }

  return {
    list(role?: StaffRole) {
      return listStaff(db, role);
    },

    async create(input: CreateStaffInput): Promise<UserRow> {
      const passwordHash = await hashPassword(input.password);
      const user = await insertUserIfPhoneFree(db, {
        phone: input.phone,
        name: input.name,
        surname: input.surname,
        role: input.role,
        passwordHash,
        // Staff accounts are made by an admin who knows the person; no SMS confirmation.
        isConfirmedAccount: true,
        referralCode: createReferralCode(),
      });
      if (!user) throw new AppError('CONFLICT', staffMessages.phoneTaken, { field: 'phone' });
      return user;
    },

    async update(actor: UserRow, id: string, input: UpdateStaffInput): Promise<UserRow> {
      const target = await findStaff(id);
      // Only admins reach here, and no other role can be given, so any role sent for oneself is a demotion.
      if (target.id === actor.id && input.role) throw new AppError('CONFLICT', staffMessages.selfDemote, { field: 'role' });
      if (target.id === actor.id && input.isActive === false)
        throw new AppError('CONFLICT', staffMessages.selfDeactivate, { field: 'isActive' });
      const changes: Partial<UserRow> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.surname !== undefined) changes.surname = input.surname;
      if (input.role !== undefined) changes.role = input.role;
      if (input.isActive !== undefined) changes.isActive = input.isActive;
      if (input.password) changes.passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const updated = await updateUser(tx, target.id, changes);
        if (!updated) throw new AppError('NOT_FOUND', staffMessages.notFound);
        // A new password or a disabled account ends the sessions and the open reset links at once (a link
        // sent before must not open the account again, even after a re-activation); the role takes
        // effect on the next request.
        if (input.password || input.isActive === false) await endAccountAccess(tx, target.id);
        return updated;
      });
    },

    /** Soft delete: the account cannot sign in any more, its records stay. */
    async deactivate(actor: UserRow, id: string): Promise<UserRow> {
      const target = await findStaff(id);
      if (target.id === actor.id) throw new AppError('CONFLICT', staffMessages.selfDelete);
      return db.transaction(async (tx) => {
        const updated = await updateUser(tx, target.id, { isActive: false });
        if (!updated) throw new AppError('NOT_FOUND', staffMessages.notFound);
        await endAccountAccess(tx, target.id);
        return updated;
      });
    },
  };
}
