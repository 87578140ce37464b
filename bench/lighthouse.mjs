// Lighthouse (mobile preset: simulated slow 4G, 4× slower CPU) against a production start of the built
// shop, on the pages a client opens from a link. Prints every run's scores and metrics and, per page,
// the median of the runs. A benchmark, not a test: it asserts nothing about the figures.
//
// Usage (after npm run build):
//   node bench/lighthouse.mjs                 # 3 runs of each page
//   node bench/lighthouse.mjs --runs 1 --pages /,/signin
//   WEB_DIST_DIR=/tmp/some-build node bench/lighthouse.mjs   # another build of the web app
//   node bench/lighthouse.mjs --reports /tmp/lh   # also keeps each run's full report (JSON) there
//
// The demo data is made by a first, non-production start on a fresh embedded database (production
// never seeds demo data, decision 022); the shop is then started again on the same data with
// NODE_ENV=production, as a real shop runs, and measured. The signed-in page is opened with the demo
// client's session put into the browser's local storage beforehand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { signInDemoClient, storeDemoSession } from './demo-session.mjs';
import { shopMain, startShop } from './start-shop.mjs';

// The same flags as the browser tests (e2e/playwright.config.ts).
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const runs = Number(option('runs', '3'));
const pageFilter = option('pages', null)?.split(',');
const reportsDir = option('reports', null);
if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });

if (!fs.existsSync(shopMain)) {
  console.error('apps/server/dist/main.js is missing: run npm run build first');
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const loadLine = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-lighthouse-'));
const common = { DATA_DIR: dataDir, JOBS_ENABLED: 'false' };

// 1. The demo data, by a start that seeds it (not production), and a demo order's id.
const seeding = await startShop({ ...common, NODE_ENV: 'test', SEED_DEMO: '1' });
let orderId;
try {
  const { accessToken } = await signInDemoClient(seeding.url);
  const orders = await fetch(`${seeding.url}/api/orders/my?state=unpaid`, { headers: { authorization: `Bearer ${accessToken}` } }).then(
    (r) => r.json(),
  );
  orderId = orders[0]?.id;
  if (!orderId) throw new Error('the demo client has no unpaid order');
} finally {
  await seeding.stop();
}

// 2. The production start on that data.
const shop = await startShop({ ...common, NODE_ENV: 'production' });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

const pages = [
  { path: '/', label: 'main' },
  { path: '/signin', label: 'signin' },
  { path: `/order/${orderId}`, label: 'order' },
  { path: '/payment-result', label: 'payment-result' },
  { path: '/personal/orders/unpaid', label: 'unpaid (client)', signedIn: true },
].filter((p) => !pageFilter || pageFilter.some((f) => p.path === f || p.label === f || (f === '/order' && p.label === 'order')));

const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

async function setSession(signedIn) {
  const tab = await browser.newPage();
  // Every run starts with an empty cache, as a client coming from a link: with the storage reset off
  // (for the session below), Lighthouse would otherwise measure each page after the first with the
  // scripts and styles already cached.
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await tab.goto(`${shop.url}/favicon.svg`);
  if (signedIn) {
    await storeDemoSession(tab, shop.url);
  } else {
    await tab.evaluate(() => localStorage.clear());
  }
  await tab.close();
}

// Lighthouse sometimes fails to record a load's trace (NO_NAVSTART, NO_FCP): such a run measured
// nothing, so it is run again rather than counted or allowed to end the benchmark.
async function measure(page, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await setSession(Boolean(page.signedIn));
    const result = await lighthouse(`${shop.url}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The session put into local storage must survive the run's start.
      disableStorageReset: true,
    });
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    console.log(`${page.label.padEnd(16)} Lighthouse failed (${failure.code}), attempt ${attempt} of ${attempts}`);
    if (attempt === attempts) throw new Error(`${page.label}: ${failure.message}`);
  }
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${runs} run(s) per page`,
);
console.log(`shop: NODE_ENV=production, PGlite in ${dataDir}, web app from ${process.env.WEB_DIST_DIR ?? 'apps/web/dist'}`);
console.log(`load average before: ${loadLine()} (${os.cpus().length} cores)`);

const summary = [];
try {
  for (const page of pages) {
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const result = await measure(page);
      const { categories, audits } = result.lhr;
      if (reportsDir) {
        const name = `${page.label.replace(/\W+/g, '-')}-${run}.json`;
        fs.writeFileSync(path.join(reportsDir, name), JSON.stringify(result.lhr));
      }
      const row = {
        perf: Math.round(categories.performance.score * 100),
        a11y: Math.round(categories.accessibility.score * 100),
        bp: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        ...Object.fromEntries(Object.entries(metricIds).map(([key, id]) => [key, audits[id].numericValue])),
        requests: audits['network-requests']?.details?.items?.length ?? null,
        // What the page transferred in all (compressed, as sent): judged apart from the CPU-bound scores.
        kib: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      };
      results.push(row);
      console.log(
        `${page.label.padEnd(16)} run ${run}: perf ${row.perf} a11y ${row.a11y} bp ${row.bp} seo ${row.seo} | ` +
          `FCP ${(row.fcp / 1000).toFixed(2)} s LCP ${(row.lcp / 1000).toFixed(2)} s TBT ${Math.round(row.tbt)} ms ` +
          `CLS ${row.cls.toFixed(3)} SI ${(row.si / 1000).toFixed(2)} s, ${row.requests} requests, ${row.kib} KiB`,
      );
    }
    const med = Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]));
    summary.push({ page: page.label, ...med });
  }
} finally {
  browser.disconnect();
  chrome.kill();
  await shop.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nload average after: ${loadLine()}`);
console.log(`medians of ${runs} run(s):`);
console.log('| page | perf | a11y | bp | seo | FCP | LCP | TBT | CLS | SI | requests | transferred |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const s of summary) {
  console.log(
    `| ${s.page} | ${s.perf} | ${s.a11y} | ${s.bp} | ${s.seo} | ${(s.fcp / 1000).toFixed(2)} s | ${(s.lcp / 1000).toFixed(2)} s | ` +
      `${Math.round(s.tbt)} ms | ${s.cls.toFixed(3)} | ${(s.si / 1000).toFixed(2)} s | ${s.requests} | ${s.kib} KiB |`,
  );
}
