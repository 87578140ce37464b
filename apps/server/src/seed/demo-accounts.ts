import type { Role } from '@vmeste/contract';
import type { Areas } from '../areas.js';

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
  {
    phone: '79161234501',
    name: 'Ольга',
    surname: 'Петрова',
    role: 'client',
    isConfirmedAccount: true,
    note: 'клиент, посылка в пункт выдачи Boxberry ждёт счёта',
  },
  {
    phone: '79261234502',
    name: 'Анна',
    surname: 'Сидорова',
    role: 'client',
    isConfirmedAccount: true,
    note: 'клиент, счёт за доставку курьером ждёт оплаты',
  },
];

/**
 * Fills an empty database with the demo accounts; answers whether it did. A database that already
 * has users is left alone, so a restart never resets anyone's password.
 */
export async function seedDemoData(areas: Areas): Promise<boolean> {
  return areas.accounts.demo.seed(
    demoAccounts.map(({ note: _note, ...account }) => account),
    DEMO_PASSWORD,
  );
}

export function describeDemoAccounts(): string {
  const lines = demoAccounts.map((a) => `  ${a.phone}  ${a.note}`);
  return `Демо-доступы (пароль у всех ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}
