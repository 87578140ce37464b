import type { Page } from '@playwright/test';
import { apiAs, expect, signInAs, test } from './fixtures';

// The public pages come rendered by the server and then hydrate (decision 036, issue 29 item 2).

type PurchaseCover = { title: string };
type MyOrder = { id: string; number: number };

async function demoOrder(page: Page): Promise<MyOrder> {
  const client = await apiAs(page.request, 'client');
  const orders = await client<MyOrder[]>('GET', '/orders/my');
  expect(orders.length).toBeGreaterThan(0);
  return orders[0]!;
}

/**
 * The page's console errors and warnings and its uncaught errors: a hydration mismatch is one of them
 * (React's #418–#425 in a production build). A file that failed to load is quality.spec.ts's concern.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const isProblem = message.type() === 'error' || message.type() === 'warning';
    if (isProblem && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the main page shows the current purchases with their covers', async ({ page }) => {
    const covers = await (await page.request.get('/api/purchases/covers')).json();
    expect((covers as PurchaseCover[]).length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page).toHaveTitle('Главная');
    await expect(page.getByRole('heading', { name: 'Текущие закупки' })).toBeVisible();
    const grid = page.getByTestId('covers-grid');
    for (const cover of covers as PurchaseCover[]) await expect(grid).toContainText(cover.title);
    await expect(grid.locator('img').first()).toBeVisible();
  });

  test('an order page shows the order', async ({ page }) => {
    const order = await demoOrder(page);
    await page.goto(`/order/${order.id}`);
    await expect(page.getByRole('heading', { name: 'Мой заказ', level: 1 })).toBeVisible();
    await expect(page.getByTestId('order-card')).toContainText(`№ ${order.number}`);
  });

  test('a document shows its text', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Контакты', level: 1 })).toBeVisible();
  });

  test('sign-in shows its form and the payment result its frame', async ({ page }) => {
    await page.goto('/signin');
    await expect(page).toHaveTitle('Вход');
    await expect(page.getByLabel('Телефон')).toBeVisible();
    // Until the scripts run, nothing typed could be kept and the button would reload the page.
    await expect(page.getByLabel('Телефон')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Войти' })).toBeDisabled();
    await page.goto('/payment-result');
    await expect(page.getByRole('heading', { name: 'Результат оплаты', level: 1 })).toBeVisible();
  });
});

test('a rendered page starts its scripts once it has loaded; a page the browser renders starts them at once', async ({ page }) => {
  await page.goto('/');
  // The browser's own clock: when the page's load event began and when each module was asked for.
  const { loadedAt, modules } = await page.evaluate(() => ({
    loadedAt: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
    modules: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
  }));
  expect(modules.length).toBeGreaterThan(1);
  for (const at of modules) expect(at).toBeGreaterThanOrEqual(loadedAt);
  const browserRendered = await (await page.request.get('/signup')).text();
  expect(browserRendered).not.toContain('server-state');
  expect(browserRendered).toMatch(/<script type="module" crossorigin src="\/assets\//);
});

test('the server-rendered pages hydrate without an error, and stay usable', async ({ page }) => {
  const errors = collectErrors(page);
  const order = await demoOrder(page);
  // Links passed on with tracking parameters are rendered as the pages without them (the server keeps one render).
  const tracked = ['/?utm_source=telegram&yclid=42', `/order/${order.id}?utm_medium=sms`, '/signin?next=%2Fpersonal%2Fbonus&fbclid=x'];
  for (const path of ['/', `/order/${order.id}`, '/contacts', '/signin', '/payment-result', '/personal/orders/unpaid', ...tracked]) {
    await page.goto(path);
    // The page's data came with it: nothing is read again while it hydrates.
    expect(await page.locator('#server-state').count(), path).toBe(1);
    await page.waitForLoadState('networkidle');
  }
  // Hydrated: a client-side navigation works from the rendered page.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Контакты' }).first().click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Контакты', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the main page shows its purchases from its HTML, hydrated, while the API has not answered', async ({ page }) => {
  const covers = (await (await page.request.get('/api/purchases/covers')).json()) as PurchaseCover[];
  // The covers' read after hydration (a background refresh) is held back for the whole test.
  await page.route('**/api/purchases/covers', () => {});
  await page.goto('/');
  const grid = page.getByTestId('covers-grid');
  await expect(grid).toContainText(covers[0]!.title);
  // Hydrated with the server's data: a card opens its purchase from the cache, with no read.
  await page.getByTestId('cover-card').first().click();
  await expect(page.getByRole('dialog', { name: covers[0]!.title })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a tap on a purchase before the scripts have run opens it once the page has hydrated', async ({ page }) => {
  const errors = collectErrors(page);
  const covers = (await (await page.request.get('/api/purchases/covers')).json()) as PurchaseCover[];
  // The entry is held back until the client has tapped, as on a slow link.
  let releaseEntry: () => void = () => undefined;
  const entryAsked = new Promise<void>((asked) => {
    void page.route('**/assets/index-*.js', async (route) => {
      asked();
      await new Promise<void>((release) => (releaseEntry = release));
      await route.continue();
    });
  });
  // The fixture's goto waits for hydration, which waits for the entry: not awaited until it is let through.
  const opening = page.goto('/');
  await entryAsked;
  const open = page.getByRole('button', { name: covers[0]!.title });
  await open.click();
  const details = page.getByRole('dialog', { name: covers[0]!.title });
  await expect(details).toBeHidden();
  releaseEntry();
  await opening;
  await expect(details).toBeVisible();
  // Given once, not twice: Escape closes it and it stays closed.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await page.waitForTimeout(300);
  await expect(details).toBeHidden();
  expect(errors).toEqual([]);
});

test('a signed-in client gets their own view after hydration', async ({ page }) => {
  const errors = collectErrors(page);
  await signInAs(page, 'client', '/');
  await page.reload();
  // The server rendered the guest's header; the browser knows the session and shows the account.
  await expect(page.getByRole('link', { name: 'Личный кабинет' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Войти' })).toHaveCount(0);
  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);
});

test('a signed-in page comes as its frame: the client gets their orders, a guest is sent to sign-in', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/personal/orders/unpaid');
  await expect(page).toHaveURL(/\/signin\?next=%2Fpersonal%2Forders%2Funpaid$/);
  await signInAs(page, 'client', '/');
  const html = await (await page.request.get('/personal/orders/unpaid')).text();
  expect(html).toContain('server-state');
  expect(html).toContain('Неоплаченные заказы</h1>');
  await page.goto('/personal/orders/unpaid');
  await expect(page.getByRole('heading', { name: 'Неоплаченные заказы', level: 1 })).toBeVisible();
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  expect(errors.filter((error) => /hydrat|did not match|Minified React error/i.test(error))).toEqual([]);
});
