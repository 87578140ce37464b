/** Every role an account can hold. Clients use /personal; the others are staff. */
export const roles = ['client', 'admin', 'storekeeper', 'logistician', 'organizer', 'merchandiser'] as const;
export type Role = (typeof roles)[number];

/** Every role of an employee: what the staff list shows and filters by, and what staff guards name. */
export const staffRoles = ['organizer', 'logistician', 'merchandiser', 'storekeeper', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * The roles an admin may give to an employee: the specification's list for selection. Admins are
 * not made here; they come from the shop's setup (the demo data).
 */
export const assignableStaffRoles = ['organizer', 'logistician', 'merchandiser', 'storekeeper'] as const;

export const roleTitles: Record<Role, string> = {
  client: 'Клиент',
  admin: 'Администратор',
  storekeeper: 'Кладовщик',
  logistician: 'Логист',
  organizer: 'Организатор',
  merchandiser: 'Товаровед',
};
