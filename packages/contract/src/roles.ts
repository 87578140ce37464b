/** Every role an account can hold. Clients use /personal; the others are staff. */
export const roles = ['client', 'admin', 'storekeeper', 'logistician', 'organizer', 'merchandiser'] as const;
export type Role = (typeof roles)[number];

/** Roles an admin may give to an employee (the specification's staff list plus admin). */
export const staffRoles = ['organizer', 'logistician', 'merchandiser', 'storekeeper', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const roleTitles: Record<Role, string> = {
  client: 'Клиент',
  admin: 'Администратор',
  storekeeper: 'Кладовщик',
  logistician: 'Логист',
  organizer: 'Организатор',
  merchandiser: 'Товаровед',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
