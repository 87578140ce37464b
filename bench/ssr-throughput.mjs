// Throughput of the server-rendered main page (issue 29 item 7, decision 036): `GET /` as a guest on
// PostgreSQL at 50 connections, side by side with the static index.html served by the same Fastify
// (`GET /index.html`, a file read from the build, no rendering), and an order page. Target: ≥ 1,000
// req/s for `/`. A benchmark, not a test: it checks only that the answers were the rendered pages.
//
// Usage (after npm run build; PostgreSQL at DATABASE_URL, by default the local one):
//   node bench/ssr-throughput.mjs
//   node bench/ssr-throughput.mjs --seconds 20 --connections 100
//   WEB_DIST_DIR=/tmp/some-build/dist node bench/ssr-throughput.mjs   # another build (its dist-ssr beside it)
//
// A fresh database is made on the server and dropped at the end. The demo data is made by a first,
// non-production start (production never seeds demo data, decision 022); the shop is then started
// again on the same data with NODE_ENV=production, as a real shop runs, and measured.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signInDemoClient } from './demo-session.mjs';
import { shopMain, startShop } from './start-shop.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The server build sits beside the web build (apps/server/src/plugins/server-render.ts).
const webDist = path.resolve(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'));
const serverEntry = path.resolve(webDist, '../dist-ssr/entry-server.js');
const TARGET = 1_000;

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const seconds = Number(option('seconds', '10'));
const connections = Number(option('connections', '50'));
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

for (const [file, what] of [
  [shopMain, 'apps/server/dist/main.js'],
  [serverEntry, `${serverEntry} (the web app’s server build)`],
]) {
  if (!fs.existsSync(file)) {
    console.error(`${what} is missing: run npm run build first`);
    process.exit(1);
  }
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** autocannon's options for a page; a page with `pathOf` asks for a new address on each request. */
function optionsOf(baseUrl, page) {
  if (!page.pathOf) return { url: `${baseUrl}${page.path}` };
  return { url: baseUrl, requests: [{ setupRequest: (request) => ({ ...request, path: page.pathOf() }) }] };
}

function run(options, title) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, connections, duration: seconds, title }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const loadLine = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dbName = `vmeste_ssr_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-ssr-bench-'));
const common = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JOBS_ENABLED: 'false' };

await adminQuery(`create database ${dbName}`);
let shop;
try {
  // 1. The demo data, by a start that seeds it (not production), and a demo order's id.
  const seeding = await startShop({ ...common, NODE_ENV: 'test', SEED_DEMO: '1' });
  let orderId;
  try {
    const { accessToken } = await signInDemoClient(seeding.url);
    const orders = await fetch(`${seeding.url}/api/orders/my`, { headers: { authorization: `Bearer ${accessToken}` } }).then((r) =>
      r.json(),
    );
    orderId = orders[0]?.id;
    if (!orderId) throw new Error('the demo client has no order');
  } finally {
    await seeding.stop();
  }

  // 2. The production start on that data, and a look at what it answers.
  shop = await startShop({ ...common, NODE_ENV: 'production' });
  const pages = [
    { title: 'GET /index.html (static file, same Fastify)', path: '/index.html', isRendered: false },
    { title: 'GET / (server-rendered main page, guest)', path: '/', isRendered: true, shows: 'data-testid="covers-grid"' },
    {
      title: 'GET /order/{id} (server-rendered order page)',
      path: `/order/${orderId}`,
      isRendered: true,
      shows: 'data-testid="order-card"',
    },
    {
      // A link passed on in a messenger or an ad gets a new click id each time (yclid, fbclid): the
      // page is still rendered once per few seconds, as the address without it.
      title: 'GET /?utm_source=telegram&yclid={a new one each request}',
      path: '/?utm_source=telegram&yclid=0',
      pathOf: (() => {
        let click = 0;
        return () => `/?utm_source=telegram&yclid=${(click += 1)}`;
      })(),
      isRendered: true,
      shows: 'data-testid="covers-grid"',
    },
  ];
  for (const page of pages) {
    const body = await fetch(`${shop.url}${page.path}`).then((r) => r.text());
    // Rendered, and with its data: the covers and the order, not their loading placeholders.
    if (body.includes('id="server-state"') !== page.isRendered || (page.shows && !body.includes(page.shows))) {
      throw new Error(`${page.path} was ${page.isRendered ? 'not ' : ''}server-rendered:\n${body.slice(0, 500)}\n${shop.output()}`);
    }
    page.bytes = Buffer.byteLength(body);
  }

  console.log(`autocannon, ${connections} connections, ${seconds} s per page, no compression asked (Accept-Encoding absent)`);
  console.log(`shop: NODE_ENV=production, PostgreSQL ${dbName}, ${os.cpus().length} cores, Node.js ${process.version}`);
  console.log(`load average before: ${loadLine()}`);
  const rows = [];
  for (const page of pages) {
    // A short warm-up: the JIT, the pool's connections, the first render of the cached page.
    await new Promise((resolve) => {
      const warm = autocannon({ ...optionsOf(shop.url, page), connections, duration: 2 }, resolve);
      autocannon.track(warm, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
    });
    const result = await run(optionsOf(shop.url, page), page.title);
    rows.push({
      page: page.title,
      'req/s (mean)': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'KiB/answer': (page.bytes / 1024).toFixed(1),
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
      'load after': loadLine(),
    });
  }
  console.table(rows);
  const main = rows[1]['req/s (mean)'];
  console.log(`GET / as a guest: ${main} req/s — target ≥ ${TARGET}: ${main >= TARGET ? 'met' : 'NOT met'}`);
} finally {
  await shop?.stop();
  await adminQuery(`drop database if exists ${dbName}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
