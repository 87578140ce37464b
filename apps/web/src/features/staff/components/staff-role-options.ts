import { roleTitles, staffRoles } from '@vmeste/contract';

export const staffRoleOptions = staffRoles.map((role) => ({ value: role, label: roleTitles[role] }));
