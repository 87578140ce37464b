import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';

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
  await signInWithPhone(page, demo[role].phone, DEMO_PASSWORD, path);
}

/** Signs in through the sign-in form, as a person would. */
export async function signInWithForm(page: Page, phone: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Телефон').click();
  await page.getByLabel('Телефон').pressSequentially(phone.slice(1));
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

/**
 * The public pages come rendered by the server and then hydrate (decision 036); until then their
 * buttons do nothing, as for a person on a slow phone. `goto` and `reload` wait for the hydration of
 * such a page (`data-hydrated` on <html>, apps/web/src/lib/hydration.ts); other pages go on at once.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.getElementById('server-state') || document.documentElement.hasAttribute('data-hydrated'))
    // The page went on to another address meanwhile: that one is waited for by its own checks.
    .catch(() => undefined);
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilHydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },
});
export { expect };

/**
 * The last message the shop "sent" to a phone (the outbox, readable outside production). Waited for:
 * a reset link is sent while the answer keeps its fixed time, and may land a moment after it.
 */
export async function lastMessage(page: Page, phone: string, kind: 'activation_code' | 'password_reset'): Promise<string> {
  const url = `/api/dev/outbox/last?phone=${phone}&kind=${kind}`;
  await expect.poll(async () => (await page.request.get(url)).status(), { timeout: 10_000 }).toBe(200);
  const response = await page.request.get(url);
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

/** The API as the web app calls it, with the bearer token; an error answer fails the test with its body. */
export type Api = <T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) => Promise<T>;

export function apiWithToken(request: APIRequestContext, token: string): Api {
  return async <T>(method: string, path: string, data?: unknown) => {
    const response = await request.fetch(`/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** The API as a demo account (the admin creating a test's own purchases and orders, say). */
export async function apiAs(request: APIRequestContext, role: DemoRole): Promise<Api> {
  const response = await request.post('/api/auth/signin', { data: { phone: demo[role].phone, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return apiWithToken(request, ((await response.json()) as { accessToken: string }).accessToken);
}

/**
 * A new client with a phone nobody used, confirmed with the code from the outbox, so a test has its
 * own orders and payments and leaves the demo client's alone.
 */
export async function signUpClient(
  page: Page,
  person: { name: string; surname: string },
): Promise<{ phone: string; password: string; api: Api }> {
  const phone = uniquePhone('7926');
  const password = 'client-pass-2026';
  const response = await page.request.post('/api/auth/signup', { data: { phone, password, acceptPolicy: true, ...person } });
  expect(response.ok(), await response.text()).toBe(true);
  const api = apiWithToken(page.request, ((await response.json()) as { accessToken: string }).accessToken);
  // The sign-up sends the first code by itself; ask for one only if none went out.
  const sent = await page.request.get(`/api/dev/outbox/last?phone=${phone}&kind=activation_code`);
  if (!sent.ok()) await api('POST', '/auth/activation/send');
  const code = /(\d{6})/.exec(await lastMessage(page, phone, 'activation_code'))?.[1] ?? '';
  await api('POST', '/auth/activation/confirm', { code });
  return { phone, password, api };
}

/** Like signInAs, for any account by its phone and password. */
export async function signInWithPhone(page: Page, phone: string, password: string, path = '/'): Promise<void> {
  const response = await page.request.post('/api/auth/signin', { data: { phone, password } });
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

export type CreatedOrder = { id: string; number: number; goodsKopecks: number; organizerFeeKopecks: number; totalKopecks: number };
type OrderLineInput = { product: string; quantity: number; unitPriceKopecks: number };

/**
 * A purchase of the test's own, made through the API: orders for the given phones, then moved
 * through the stop to «Оплата», so the orders are payable and the demo orders stay untouched.
 */
export async function payablePurchase(
  admin: Api,
  input: { title: string; fee: number; cardId?: string; orders: { phone: string; clientName: string; lines: OrderLineInput[] }[] },
): Promise<{ id: string; title: string; orders: CreatedOrder[] }> {
  const purchase = await admin<{ id: string }>('POST', '/purchases', {
    title: input.title,
    supplier: 'ООО «Проверка»',
    organizerFeePercent: input.fee,
    cardId: input.cardId ?? null,
  });
  const orders: CreatedOrder[] = [];
  for (const order of input.orders) {
    orders.push(await admin<CreatedOrder>('POST', '/orders', { purchaseId: purchase.id, ...order }));
  }
  for (const status of ['open', 'stopped', 'payment']) await admin('POST', `/purchases/${purchase.id}/status`, { status });
  return { id: purchase.id, title: input.title, orders };
}
