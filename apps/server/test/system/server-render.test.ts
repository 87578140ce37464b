import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';

// The server rendering of the public pages (plugins/server-render.ts, decision 036), with a stand-in
// for the web app's server build beside a stand-in web build, so these tests do not depend on `vite build`.

let ctx: TestContext;
let root: string;

type Rendered = { renders: number; lastData: unknown; lastUrl?: string };
const counters = globalThis as unknown as { serverRenderTest: Rendered };

const serverEntry = `
const counters = globalThis.serverRenderTest ??= { renders: 0, lastData: null };
export const modulesOf = { main: ['src/main-page.ts'], order: ['src/order-page.ts'], document: [] };
function kindOfPath(pathname) {
  if (pathname === '/') return 'main';
  if (pathname.startsWith('/order/')) return 'order';
  if (pathname === '/contacts') return 'document';
  return null;
}
export function renderedAddressOf(url) {
  const { pathname, searchParams } = new URL(url, 'http://shop');
  const kind = kindOfPath(pathname);
  if (!kind) return null;
  const purchase = kind === 'main' ? searchParams.get('purchase') : null;
  return { kind, address: purchase ? pathname + '?purchase=' + purchase : pathname };
}
export async function render(url, data) {
  counters.renders += 1;
  counters.lastUrl = url;
  const { pathname } = new URL(url);
  if (pathname === '/contacts') throw new Error('a page that does not render');
  const settings = await data.publicSettings();
  const page = pathname === '/' ? await data.covers() : await data.orderByLink(pathname.slice('/order/'.length));
  counters.lastData = { settings, page };
  return { kind: kindOfPath(pathname), html: '<main>' + settings.companyName + '</main>', state: { page } };
}
`;

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/main-page.ts': { file: 'assets/main-page-1.js', imports: ['_react-1.js', '_grid-1.js'], css: ['assets/main-page-1.css'] },
  '_grid-1.js': { file: 'assets/grid-1.js', css: ['assets/grid-1.css'] },
  'src/order-page.ts': { file: 'assets/order-page-1.js' },
};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vmeste-ssr-'));
  const distDir = path.join(root, 'dist');
  await fs.mkdir(path.join(distDir, '.vite'), { recursive: true });
  await fs.mkdir(path.join(root, 'dist-ssr'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="ru"><head><title>Вместе</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await fs.writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), serverEntry);
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('server rendering of the public pages', () => {
  it('renders the main page with the data the API answers, its CSS and chunks linked, the state as JSON', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<html lang="ru" data-mantine-color-scheme="light">');
    expect(res.body).toContain('<div id="root"><main>');
    // What the entry already loads is not linked twice; the page's own chunks and CSS are.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/main-page-1.css">');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/grid-1.css">');
    // A rendered page is read before its scripts run: they start once it has loaded, nothing preloads them.
    expect(res.body).toContain('<script defer src="/hydrate-after-load.js" data-entry="/assets/index-1.js"></script>');
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).not.toContain('href="/assets/index-1.css"');
    // The state is data, not a script (the CSP allows no inline script), and cannot close its tag.
    const state = /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(state).toBeDefined();
    expect(JSON.parse(state!)).toEqual({ page: (await get('/api/purchases/covers')).json() });
    const { settings } = counters.serverRenderTest.lastData as { settings: unknown };
    expect(settings).toEqual((await get('/api/settings/public')).json());
  });

  it('renders a popular page once for many visitors within a few seconds', async () => {
    await get('/');
    const before = counters.serverRenderTest.renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/')));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.body.includes('<main>'))).toBe(true);
    expect(counters.serverRenderTest.renders).toBe(before);
    // The same page, the same ETag: a 304 for a browser that has it.
    const again = await get('/', { 'if-none-match': String(answers[0]!.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('renders a link with tracking parameters (a new value per click) once, as the page without them', async () => {
    await get('/');
    const before = counters.serverRenderTest.renders;
    const answers = await Promise.all(
      ['/?utm_source=telegram', '/?yclid=101', '/?yclid=102&utm_medium=cpc', '/?fbclid=a1'].map((url) => get(url)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(counters.serverRenderTest.renders).toBe(before);
    // A parameter the page reads is a page of its own, rendered without the others.
    await get('/?purchase=7&yclid=103');
    expect(counters.serverRenderTest.renders).toBe(before + 1);
    expect(counters.serverRenderTest.lastUrl).toBe('http://shop/?purchase=7');
  });

  it('sends the rendered page compressed once, in the encoding the browser takes', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('sends the client-only page for other pages, a missing order and a page that fails to render', async () => {
    for (const url of ['/signin', '/order/00000000-0000-4000-8000-000000000000', '/order/not-an-id', '/contacts']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('server-state');
      // A page the browser renders alone needs its scripts at once.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
      expect(res.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
      expect(res.body, url).not.toContain('hydrate-after-load');
    }
  });
});
