import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cpuSecondsOf,
  exited,
  root,
  type Server,
  shopMain,
  signInAsDemo,
  startServer,
  warnIfShopBuildIsStale,
  withPgClient,
} from './shop-process.js';

/**
 * The authenticated hot path, GET /api/users/my, under 50 keep-alive connections: the built shop
 * beside a bare Fastify 5 + pg server running the same session-and-user query with the same pool
 * size, on the same fresh PostgreSQL database, each in its own process, loaded in turn by a
 * generator in a third process (bench/load.mjs). Then the shop alone on the embedded PGlite.
 * Prints req/s, p50 and p99 and the ratio shop/bare; asserts only that every request was answered 200.
 */
const databaseUrl = process.env.DATABASE_URL;
const CONNECTIONS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Shop and bare are loaded in turn this many times, so a change in the machine's load shows. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** A folder to write the shop's CPU profiles to (node --cpu-prof), when set. */
const profileDir = process.env.BENCH_CPU_PROF_DIR;

type Load = {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  generatorCpu: number;
};

/**
 * Runs bench/load.mjs in its own process against one server and answers what it measured, with the
 * server's CPU time per request over the measured part (the generator says when its warm-up ends).
 */
async function load(server: Server, headers: Record<string, string>): Promise<Load & { serverCpuMicrosPerRequest: number | null }> {
  const options = { url: `${server.url}/api/users/my`, headers, connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS };
  const child = spawn(process.execPath, [path.join(root, 'bench/load.mjs'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  let cpuAtStart: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (cpuAtStart === null && stdout.includes('"measuring"')) cpuAtStart = cpuSecondsOf(server.pid);
  });
  await exited(child);
  const cpuAtEnd = cpuSecondsOf(server.pid);
  if (child.exitCode !== 0) throw new Error(`load generator exited with ${child.exitCode}: ${stdout}`);
  const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as Load;
  const serverCpuMicrosPerRequest =
    cpuAtStart === null || cpuAtEnd === null ? null : Math.round(((cpuAtEnd - cpuAtStart) * 1e6) / measured.requests);
  return { ...measured, serverCpuMicrosPerRequest };
}

function row(server: string, round: number, l: Load & { serverCpuMicrosPerRequest: number | null }) {
  return {
    server,
    round,
    'req/s': l.reqPerSec,
    'p50 ms': l.p50,
    'p90 ms': l.p90,
    'p99 ms': l.p99,
    'max ms': l.max,
    requests: l.requests,
    'server CPU µs/req': l.serverCpuMicrosPerRequest ?? '—',
    'generator CPU': l.generatorCpu,
  };
}

function expectAllAnswered(l: Load) {
  expect(l.requests).toBeGreaterThan(0);
  expect(l.errors).toBe(0);
  expect(Object.keys(l.statuses)).toEqual(['200']);
}

const shopEnv = {
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  // A production start refuses the demo accounts (their password is public); the request path measured
  // is the same in development.
  NODE_ENV: 'development',
  JOBS_ENABLED: 'false',
};
const profileArgs = (label: string) =>
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`] : [];

describe.skipIf(!databaseUrl)('GET /api/users/my on PostgreSQL: the shop beside a bare Fastify + pg server', () => {
  const databaseName = `vmeste_bench_hot_path_${process.pid}`;
  const benchUrl = new URL(databaseUrl ?? 'postgres://localhost/none');
  benchUrl.pathname = `/${databaseName}`;
  const servers: Server[] = [];

  const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(databaseUrl!, work);

  beforeAll(async () => {
    warnIfShopBuildIsStale();
    await admin(async (c) => {
      await c.query(`drop database if exists ${databaseName} with (force)`);
      await c.query(`create database ${databaseName}`);
    });
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin((c) => c.query(`drop database if exists ${databaseName} with (force)`));
  });

  it(`${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-bench-'));
    const shop = await startServer(
      'shop',
      shopMain,
      { ...shopEnv, DATABASE_URL: benchUrl.href, DATA_DIR: dataDir },
      profileArgs('shop-postgres'),
    );
    servers.push(shop);
    const bare = await startServer(
      'bare server',
      path.join(root, 'bench/bare-server.mjs'),
      { DATABASE_URL: benchUrl.href },
      profileArgs('bare'),
    );
    servers.push(bare);
    const auth = await signInAsDemo(shop.url);

    // The bare server does the same work: the same user comes back for the same token.
    const [fromShop, fromBare] = await Promise.all(
      [shop, bare].map(async (s) => (await fetch(`${s.url}/api/users/my`, { headers: auth })).json() as Promise<unknown>),
    );
    expect(fromBare).toEqual(fromShop);

    const rows = [];
    const totals = { shop: { requests: 0, seconds: 0, cpuMicros: 0 }, bare: { requests: 0, seconds: 0, cpuMicros: 0 } };
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const shopLoad = await load(shop, auth);
      const bareLoad = await load(bare, auth);
      expectAllAnswered(shopLoad);
      expectAllAnswered(bareLoad);
      rows.push(row('shop', round, shopLoad), row('bare Fastify + pg', round, bareLoad));
      for (const [key, l] of [
        ['shop', shopLoad],
        ['bare', bareLoad],
      ] as const) {
        totals[key].requests += l.requests;
        totals[key].seconds += l.seconds;
        totals[key].cpuMicros += (l.serverCpuMicrosPerRequest ?? NaN) * l.requests;
      }
      ratios.push(shopLoad.reqPerSec / bareLoad.reqPerSec);
    }
    console.table(rows);
    const shopRate = totals.shop.requests / totals.shop.seconds;
    const bareRate = totals.bare.requests / totals.bare.seconds;
    const percent = (n: number) => `${Math.round(n * 100)} %`;
    console.log(
      `hot-path PostgreSQL: shop ${Math.round(shopRate)} req/s, bare ${Math.round(bareRate)} req/s; ` +
        `shop/bare = ${percent(shopRate / bareRate)} over all rounds (per round: ${ratios.map(percent).join(', ')}); ` +
        `target ≥ 70 % and shop p99 < 20 ms`,
    );
    const shopCpu = totals.shop.cpuMicros / totals.shop.requests;
    const bareCpu = totals.bare.cpuMicros / totals.bare.requests;
    if (Number.isFinite(shopCpu) && Number.isFinite(bareCpu)) {
      console.log(
        `hot-path PostgreSQL: server CPU per request: shop ${Math.round(shopCpu)} µs, bare ${Math.round(bareCpu)} µs ` +
          `(bare/shop = ${percent(bareCpu / shopCpu)}: the throughput ratio the shop would reach if CPU alone limited both)`,
      );
    }
  });
});

if (!databaseUrl) {
  console.log(
    'hot-path: the shop beside the bare server runs on PostgreSQL only and is skipped: ' +
      'set DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (a database is created and dropped for the run)',
  );
}

describe('GET /api/users/my on the embedded PGlite: the shop alone', () => {
  let shop: Server | undefined;
  let dataDir: string;
  beforeAll(() => {
    warnIfShopBuildIsStale();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-bench-pglite-'));
  });
  afterAll(async () => {
    await shop?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up`, async () => {
    shop = await startServer(
      'shop on PGlite',
      shopMain,
      { ...shopEnv, DATABASE_URL: undefined, DATA_DIR: dataDir },
      profileArgs('shop-pglite'),
    );
    const auth = await signInAsDemo(shop.url);
    const l = await load(shop, auth);
    expectAllAnswered(l);
    console.table([row('shop on PGlite', 1, l)]);
    console.log(`hot-path PGlite: shop ${l.reqPerSec} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms`);
  });
});
