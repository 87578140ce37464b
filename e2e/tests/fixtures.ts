import { expect, type Page, test as base } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

export const demo = {
  admin: { phone: '79000000001', name: 'Анна', surname: 'Смирнова', home: '/admin/purchase/cover' },
  storekeeper: { phone: '79000000002', name: 'Игорь', surname: 'Кузнецов', home: '/storekeeper/home' },
  logistician: { phone: '79000000003', name: 'Ольга', surname: 'Попова', home: '/logistician/main' },
  client: { phone: '79000000004', name: 'Мария', surname: 'Иванова', home: '/personal' },
  unconfirmedClient: { phone: '79000000005', name: 'Павел', surname: 'Соколов', home: '/personal/activation' },
  organizer: { phone: '79000000006', name: 'Елена', surname: 'Васильева', home: null },
} as const;

export type DemoRole = keyof typeof demo;

/** Signs in through the API and stores the session the way the app does, then opens `path`. */
export async function signInAs(page: Page, role: DemoRole, path = '/'): Promise<void> {
  const response = await page.request.post('/api/auth/signin', { data: { phone: demo[role].phone, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { accessToken, user } = (await response.json()) as { accessToken: string; user: unknown };
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([token, userData]) => {
      localStorage.setItem('vmeste:token', JSON.stringify(token));
      localStorage.setItem('vmeste:user', JSON.stringify(userData));
    },
    [accessToken, user] as const,
  );
  await page.goto(path);
}

/** Signs in through the sign-in form, as a person would. */
export async function signInWithForm(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially(phone.slice(1));
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

export const test = base;
export { expect };

/** The last message the shop "sent" to a phone (the outbox, readable outside production). */
export async function lastMessage(page: Page, phone: string, kind: 'activation_code' | 'password_reset'): Promise<string> {
  const response = await page.request.get(`/api/dev/outbox/last?phone=${phone}&kind=${kind}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { text: string }).text;
}

let phoneSequence = 0;
/** A phone nobody used in this run: tests share one database. */
export function uniquePhone(prefix = '7920'): string {
  phoneSequence += 1;
  return `${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 10) + String(phoneSequence % 10);
}

export async function typePhone(page: Page, label: string, phone: string): Promise<void> {
  const input = page.getByLabel(label);
  await input.click();
  await input.pressSequentially(phone.slice(1));
}
