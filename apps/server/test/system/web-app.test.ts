import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';

let ctx: TestContext;
let distDir: string;

beforeAll(async () => {
  // A stand-in for the built web app, so these tests do not depend on `vite build`.
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vmeste-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="ru"><head><title>Вместе — совместные покупки</title></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(
    path.join(distDir, 'route-titles.json'),
    JSON.stringify([
      { path: '/', title: 'Главная' },
      { path: '/signin', title: 'Вход' },
      { path: '/order/:id', title: 'Мой заказ' },
      { path: '/terms', title: 'Публичная <оферта> & «условия»' },
      { path: '*', title: 'Страница не найдена' },
    ]),
  );
  await fs.writeFile(path.join(distDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers index.html for any app path, revalidated on every visit', async () => {
    for (const url of ['/', '/signin', '/admin/purchase/cover', '/order/123', '/no/such/page?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("puts the opened route's title into the HTML, before any script runs", async () => {
    const titleOf = async (url: string) => /<title>(.*)<\/title>/.exec((await ctx.app.inject({ method: 'GET', url })).body)?.[1];
    expect(await titleOf('/')).toBe('Главная');
    expect(await titleOf('/signin/')).toBe('Вход');
    expect(await titleOf('/order/5d7c9a1e-0000-4000-8000-000000000001?from=tg')).toBe('Мой заказ');
    expect(await titleOf('/order/1/2')).toBe('Страница не найдена');
    expect(await titleOf('/terms')).toBe('Публичная &lt;оферта&gt; &amp; «условия»');
  });

  it('answers 304 to a browser that has the same HTML', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/signin' });
    const again = await ctx.app.inject({ method: 'GET', url: '/signin', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherPage = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(otherPage.statusCode).toBe(200);
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('keeps unhashed files for five minutes only', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('keeps /api paths JSON, even for HTML clients', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('sends a content security policy that allows only our own scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the API reference at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
