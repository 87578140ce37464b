import type { Role } from '@vmeste/contract';
import { count } from 'drizzle-orm';
import { hashPassword } from '../areas/auth/passwords.js';
import { createReferralCode } from '../areas/users/referral-codes.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

export const DEMO_PASSWORD = 'demo12345';

export const demoAccounts: { phone: string; name: string; surname: string; role: Role; isConfirmedAccount: boolean; note: string }[] = [
  { phone: '79000000001', name: 'Анна', surname: 'Смирнова', role: 'admin', isConfirmedAccount: true, note: 'администратор' },
  { phone: '79000000002', name: 'Игорь', surname: 'Кузнецов', role: 'storekeeper', isConfirmedAccount: true, note: 'кладовщик' },
  { phone: '79000000003', name: 'Ольга', surname: 'Попова', role: 'logistician', isConfirmedAccount: true, note: 'логист' },
  {
    phone: '79000000004',
    name: 'Мария',
    surname: 'Иванова',
    role: 'client',
    isConfirmedAccount: true,
    note: 'клиент, аккаунт подтверждён',
  },
  {
    phone: '79000000005',
    name: 'Павел',
    surname: 'Соколов',
    role: 'client',
    isConfirmedAccount: false,
    note: 'клиент, аккаунт не подтверждён',
  },
  { phone: '79000000006', name: 'Елена', surname: 'Васильева', role: 'organizer', isConfirmedAccount: true, note: 'организатор' },
];

/**
 * Fills an empty database with the demo accounts; answers whether it did. A database that already
 * has users is left alone, so a restart never resets anyone's password.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing && existing.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(demoAccounts.map(({ note: _note, ...account }) => ({ ...account, passwordHash, referralCode: createReferralCode() })));
  });
  return true;
}

export function describeDemoAccounts(): string {
  const lines = demoAccounts.map((a) => `  ${a.phone}  ${a.note}`);
  return `Демо-доступы (пароль у всех ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
