import type { StaffUser } from '@vmeste/contract';
import type { UserRow } from '../../db/schema.js';
import { toUserView } from '../users/user-view.js';

export function toStaffView(row: UserRow): StaffUser {
  return { ...toUserView(row), isActive: row.isActive };
}
