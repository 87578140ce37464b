import { signInAs, test } from './fixtures';

const widths = [
  { name: 'desktop', width: 1366, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

/** Screenshots for people to look at (e2e/.artifacts/screenshots); they assert only that pages render. */
for (const size of widths) {
  test(`main, sign-in and admin layout at ${size.name} width`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.screenshot({ path: `e2e/.artifacts/screenshots/main-${size.name}.png`, fullPage: true });
    await page.goto('/signin');
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await page.screenshot({ path: `e2e/.artifacts/screenshots/signin-${size.name}.png`, fullPage: true });
    await signInAs(page, 'admin', '/admin/purchase/cover');
    await page.getByRole('heading', { name: 'Закупки' }).waitFor();
    await page.screenshot({ path: `e2e/.artifacts/screenshots/admin-${size.name}.png`, fullPage: true });
  });
}
