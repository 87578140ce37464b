import { basisPointsToPercent, percentToBasisPoints } from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import type { UserRow } from './accounts.schema.js';
import { AppError } from '../../shared/app-error.js';
import { findUserByPhone, updateUser } from './users.repository.js';

// Stored as integer hundredths of a percent, so no float reaches the database.
const percentOrNull = (basisPoints: number | null) => (basisPoints === null ? null : basisPointsToPercent(basisPoints));

export function createCustomCashbackService({ db }: { db: Db }) {
  return {
    async set(phone: string, percent: number | null): Promise<{ phone: string; percent: number | null }> {
      const client = await findUserByPhone(db, phone);
      if (!client || client.role !== 'client') throw new AppError('NOT_FOUND', 'Клиент с таким телефоном не найден', { field: 'phone' });
      const updated = await updateUser(db, client.id, {
        customCashbackBasisPoints: percent === null ? null : percentToBasisPoints(percent),
      });
      return { phone, percent: percentOrNull(updated?.customCashbackBasisPoints ?? null) };
    },

    get(user: UserRow): { percent: number | null } {
      return { percent: percentOrNull(user.customCashbackBasisPoints) };
    },
  };
}
