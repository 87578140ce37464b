import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

// Without public/robots.txt the server answered /robots.txt with the app's HTML, which search engines
// (and Lighthouse's SEO check) read as a broken robots file.
const robots = fs.readFileSync(path.join(__dirname, '../../public/robots.txt'), 'utf8');

describe('robots.txt', () => {
  it('is made of robots directives only', () => {
    for (const line of robots.split('\n').filter(Boolean)) expect(line).toMatch(/^(User-agent|Allow|Disallow): \S+$/);
  });

  it('lets the public pages be indexed and keeps the API and the cabinets out', () => {
    const disallowed = robots.match(/^Disallow: (\S+)$/gm)?.map((line) => line.slice('Disallow: '.length)) ?? [];
    const isDisallowed = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of [routes.Main.path, routes.Contacts.path, routes.Terms.path, routes.PaymentResult.path, '/order/1']) {
      expect(isDisallowed(path), path).toBe(false);
    }
    for (const path of ['/api/health', routes.AdminUser.path, routes.PersonalHome.path + '/', routes.StorekeeperHome.path]) {
      expect(isDisallowed(path), path).toBe(true);
    }
  });
});
