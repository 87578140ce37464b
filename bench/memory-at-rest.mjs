#!/usr/bin/env node
// Resident memory of an idle shop (issue 28, item 8): the built server started as `npm start` starts
// it, left alone until its start-up work settles, then its RSS read from /proc. Once on the embedded
// database with the demo data (a fresh DATA_DIR) and once on PostgreSQL (a fresh database on the
// server of DATABASE_URL, dropped afterwards). Needs a build (`npm run build`).
//
//   node bench/memory-at-rest.mjs                 # both, PostgreSQL at postgres://postgres@127.0.0.1:5432/postgres
//   node bench/memory-at-rest.mjs pglite          # only the embedded database
//   IDLE_SECONDS=60 node bench/memory-at-rest.mjs postgres
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = path.join(root, 'apps/server/dist/main.js');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 30);
const which = process.argv[2] ?? 'both';

if (!fs.existsSync(main)) {
  console.error(`Нет сборки ${main}: сначала npm run build`);
  process.exit(1);
}

/** VmRSS and the peak VmHWM of a process, in MiB, from /proc. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function waitReady(url, child) {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the shop did not become ready in 5 minutes');
}

async function measure(name, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady(url, child);
    const readySeconds = (Date.now() - started) / 1000;
    const atReady = memoryOf(child.pid);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idle = memoryOf(child.pid);
    // What Node itself holds, from the shop's own metrics (loopback may read them).
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const heap = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN) / 2 ** 20;
    const external = Number(/^nodejs_external_memory_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN) / 2 ** 20;
    const row = { name, readySeconds, atReady: atReady.rss, idle: idle.rss, peak: idle.peak, heap, external };
    console.log(
      `${name}: ready in ${readySeconds.toFixed(1)} s; RSS at ready ${atReady.rss.toFixed(0)} MiB, after ${idleSeconds} s idle ${idle.rss.toFixed(0)} MiB` +
        ` (peak ${idle.peak.toFixed(0)} MiB; JS heap used ${heap.toFixed(0)} MiB, external ${external.toFixed(0)} MiB)`,
    );
    return row;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const rows = [];
if (which === 'both' || which === 'pglite') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-memory-'));
  try {
    rows.push(await measure('PGlite + demo data', { DATA_DIR: dataDir, SEED_DEMO: '1' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (which === 'both' || which === 'postgres') {
  const name = `vmeste_memory_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    rows.push(await measure('PostgreSQL + demo data', { DATABASE_URL: url.toString(), SEED_DEMO: '1' }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(
  `\nNode ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.table(
  rows.map((r) => ({
    ...r,
    readySeconds: r.readySeconds.toFixed(1),
    atReady: Math.round(r.atReady),
    idle: Math.round(r.idle),
    peak: Math.round(r.peak),
    heap: Math.round(r.heap),
    external: Math.round(r.external),
  })),
);
