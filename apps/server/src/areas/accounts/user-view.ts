import type { StaffUser, User } from '@vmeste/contract';
import type { UserRow } from './accounts.schema.js';

/** The account as the API shows it: never the password hash or internal flags. */
export function toUserView(row: UserRow): User {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    surname: row.surname,
    email: row.email,
    role: row.role,
    isConfirmedAccount: row.isConfirmedAccount,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An employee as the admin sees them: the account plus whether it may sign in. */
export function toStaffView(row: UserRow): StaffUser {
  return { ...toUserView(row), isActive: row.isActive };
}
