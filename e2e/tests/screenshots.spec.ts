import { type DemoRole, signInAs, test } from './fixtures';

const widths = [
  { name: 'desktop', width: 1366, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

const shots: { name: string; who: DemoRole | 'guest'; path: string; waitFor: string }[] = [
  { name: 'main', who: 'guest', path: '/', waitFor: '[data-testid="cover-card"]' },
  { name: 'signin', who: 'guest', path: '/signin', waitFor: 'form' },
  { name: 'admin', who: 'admin', path: '/admin/purchase/cover', waitFor: '.mantine-datatable-row' },
  { name: 'admin-users', who: 'admin', path: '/admin/users', waitFor: '.mantine-datatable-row' },
  { name: 'cards', who: 'admin', path: '/admin/purchase/cart-binding', waitFor: '.mantine-datatable-row' },
  { name: 'personal', who: 'client', path: '/personal', waitFor: '[data-testid="due-summary"]' },
  { name: 'unpaid', who: 'client', path: '/personal/orders/unpaid', waitFor: '[data-testid="order-card"]' },
  { name: 'profile', who: 'client', path: '/personal/profile', waitFor: 'form' },
  { name: 'activation', who: 'unconfirmedClient', path: '/personal/activation', waitFor: 'h1' },
];

/** Screenshots for people to look at (e2e/.artifacts/screenshots); they assert only that pages render. */
for (const size of widths) {
  test(`key pages at ${size.name} width`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const shot of shots) {
      if (shot.who === 'guest') {
        await page.evaluate(() => localStorage.clear()).catch(() => {});
        await page.goto(shot.path);
      } else {
        await signInAs(page, shot.who, shot.path);
      }
      await page.locator(shot.waitFor).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `e2e/.artifacts/screenshots/${shot.name}-${size.name}.png`, fullPage: true });
    }
  });
}
