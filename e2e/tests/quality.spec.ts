import AxeBuilder from '@axe-core/playwright';
import { type DemoRole, expect, signInAs, test } from './fixtures';

const pages: { who: DemoRole | 'guest'; path: string }[] = [
  { who: 'guest', path: '/' },
  { who: 'guest', path: '/signin' },
  { who: 'guest', path: '/signup' },
  { who: 'guest', path: '/forgot-password' },
  { who: 'guest', path: '/contacts' },
  { who: 'guest', path: '/delivery-and-payment' },
  { who: 'client', path: '/personal' },
  { who: 'client', path: '/personal/profile' },
  { who: 'unconfirmedClient', path: '/personal/activation' },
  { who: 'admin', path: '/admin/users' },
  { who: 'admin', path: '/admin/purchase/cover' },
  { who: 'admin', path: '/admin/purchase/cart-binding' },
  { who: 'client', path: '/personal/orders/unpaid' },
  { who: 'guest', path: '/terms' },
  { who: 'logistician', path: '/logistician/main' },
  { who: 'storekeeper', path: '/storekeeper/home' },
];

for (const { who, path } of pages) {
  test(`${path} (${who}) logs no warning or error, passes the content security policy and has no serious accessibility problems`, async ({
    page,
  }) => {
    // A normal visit is silent: any console warning or error (React, the router, CSP, a failed request) fails it.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Console messages miss some violations (zod's eval probe among them); the event sees them all.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI}`));
    });
    if (who === 'guest') await page.goto(path);
    else await signInAs(page, who, path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}
