// The main thread's work on one page after its first paint, for builds side by side: a steadier A/B
// than Lighthouse on a shared 2-core machine, whose blocking time swings by half from run to run.
//
// Each build is a folder with the web app's `dist` and `dist-ssr` (copied after `npm run build`, with
// a `node_modules` link to the project's). The shop starts once per build, in production, on copies
// of one demo database; the page is loaded in turns, build after build, in a fresh browser context
// (empty cache) at full speed. Per load it sums, over the renderer's main thread from the first
// contentful paint on, the tasks' thread time (CPU time, not wall time, so what else the machine runs
// counts far less) and a blocking-time estimate: each task's thread time × 4 (Lighthouse's mobile CPU
// slowdown) less 50 ms. Prints the medians and what the time went to. A benchmark: it asserts nothing.
//
// Usage:
//   node bench/main-thread.mjs --page /personal/orders/unpaid --runs 8 /tmp/build-a /tmp/build-b
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { storeDemoSession } from './demo-session.mjs';
import { startShop } from './start-shop.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const page = option('page', '/personal/orders/unpaid');
const runs = Number(option('runs', '8'));
const builds = args;
if (builds.length === 0) {
  console.error('name one or more build folders, each with dist/ and dist-ssr/');
  process.exit(1);
}

const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-main-thread-'));
const dataDirs = [seeded];
const shops = [];
let browser;

/** One load: the main thread's tasks after the first contentful paint, as thread time in ms. */
async function measure(shop) {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  await tab.setViewport({ width: 412, height: 823, isMobile: true });
  if (page.startsWith('/personal')) {
    await tab.goto(`${shop.url}/favicon.svg`);
    await storeDemoSession(tab, shop.url);
  }
  await tab.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await tab.goto(`${shop.url}${page}`, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const events = JSON.parse(Buffer.from(await tab.tracing.stop()).toString()).traceEvents;
  await context.close();

  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) throw new Error('no first contentful paint in the trace');
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= paint.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const ms = (event) => (event.tdur ?? event.dur) / 1000;
  const parts = new Map();
  for (const task of tasks) {
    const inside = onMain.filter((e) => e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
    const outermost = inside.filter((e) => !inside.some((o) => o !== e && o.dur > e.dur && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur));
    for (const e of outermost) parts.set(e.name, (parts.get(e.name) ?? 0) + ms(e));
  }
  return {
    cpu: tasks.reduce((sum, task) => sum + ms(task), 0),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, ms(task) * 4 - 50), 0),
    parts,
  };
}

const results = builds.map(() => []);
try {
  await (await startShop({ DATA_DIR: seeded, JOBS_ENABLED: 'false', NODE_ENV: 'test', SEED_DEMO: '1' })).stop();
  for (const [index, build] of builds.entries()) {
    // One embedded database per process: each shop gets its own copy of the demo data.
    const dataDir = `${seeded}-${index}`;
    dataDirs.push(dataDir);
    fs.cpSync(seeded, dataDir, { recursive: true });
    shops.push(
      await startShop({ DATA_DIR: dataDir, JOBS_ENABLED: 'false', NODE_ENV: 'production', WEB_DIST_DIR: path.join(build, 'dist') }),
    );
  }
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  for (let run = 0; run < runs; run++) {
    for (const [index, shop] of shops.entries()) results[index].push(await measure(shop));
  }
} finally {
  await browser?.close();
  for (const shop of shops) await shop.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
console.log(`${page}, ${runs} loads per build, in turns; load average ${os.loadavg()[0].toFixed(2)}`);
for (const [index, build] of builds.entries()) {
  const loads = results[index];
  const parts = new Map();
  for (const load of loads) for (const [name, time] of load.parts) parts.set(name, (parts.get(name) ?? 0) + time / loads.length);
  const top = [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, time]) => `${name} ${time.toFixed(0)}`)
    .join(', ');
  console.log(
    `${build}: main thread after first paint ${median(loads.map((l) => l.cpu)).toFixed(0)} ms, ` +
      `blocking at 4× ${median(loads.map((l) => l.blocking)).toFixed(0)} ms (each: ${loads.map((l) => l.blocking.toFixed(0)).join(' ')})`,
  );
  console.log(`  mean per load: ${top}`);
}
