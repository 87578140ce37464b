import { assignableStaffRoles, type Role, roleTitles, type StaffRole, staffRoles } from '@vmeste/contract';

/** Every employee role, for filtering the list: admins are employees too. */
export const staffRoleFilterOptions = staffRoles.map((role) => ({ value: role, label: roleTitles[role] }));

/**
 * The roles the staff form offers: the specification's list. An employee who is already an admin
 * (from the shop's setup) sees that role as the current one and may be given another.
 */
export function assignableRoleOptions(currentRole: Role | null) {
  const options = assignableStaffRoles.map((role) => ({ value: role as StaffRole, label: roleTitles[role] }));
  return currentRole === 'admin' ? [{ value: 'admin' as StaffRole, label: roleTitles.admin }, ...options] : options;
}
