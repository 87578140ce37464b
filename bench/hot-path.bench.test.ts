import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../apps/server/src/seed/demo-accounts.js';

/**
 * The authenticated hot path, GET /api/users/my, under 50 keep-alive connections: the built shop
 * beside a bare Fastify 5 + pg server running the same session-and-user query with the same pool
 * size, on the same fresh PostgreSQL database, each in its own process, loaded in turn by a
 * generator in a third process (bench/load.mjs). Then the shop alone on the embedded PGlite.
 * Prints req/s, p50 and p99 and the ratio shop/bare; asserts only that every request was answered 200.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const shopMain = path.join(root, 'apps/server/dist/main.js');
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

type Server = { url: string; pid: number; stop(): Promise<void> };

/**
 * CPU seconds a process has used (user + system), from /proc on Linux; null elsewhere. Throughput
 * moves with whatever else the machine runs, CPU time per request much less: both are printed.
 */
function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/** Starts a Node script as a child process and waits until its /api/health answers 200. */
async function startServer(
  name: string,
  script: string,
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<Server> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer /api/health within 120 s:\n${output}`);
    }
    const isUp = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(killer);
    },
  };
}

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

async function signInAsDemoClient(url: string): Promise<Record<string, string>> {
  const client = demoAccounts.find((a) => a.role === 'client' && a.isConfirmedAccount)!;
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: client.phone, password: DEMO_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** A warning rather than a failure: the numbers are then those of the last build, which may be what is wanted. */
function warnIfShopBuildIsStale() {
  if (!fs.existsSync(shopMain)) {
    throw new Error('apps/server/dist/main.js is missing: run npm run build -w packages/contract && npm run build -w apps/server');
  }
  const builtAt = fs.statSync(shopMain).mtimeMs;
  const sources = ['apps/server/src', 'packages/contract/src'].flatMap((dir) =>
    fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(root, dir, f)),
  );
  const newer = sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && fs.statSync(f).mtimeMs > builtAt);
  if (newer.length > 0) {
    console.warn(
      `hot-path: apps/server/dist is older than ${newer.length} source files (${path.relative(root, newer[0]!)}…); ` +
        'these figures are those of the last build. Rebuild: npm run build -w packages/contract && npm run build -w apps/server',
    );
  }
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
  NODE_ENV: 'production',
  JOBS_ENABLED: 'false',
};
const profileArgs = (label: string) =>
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${label}-${Date.now()}.cpuprofile`] : [];

describe.skipIf(!databaseUrl)('GET /api/users/my on PostgreSQL: the shop beside a bare Fastify + pg server', () => {
  const databaseName = `vmeste_bench_hot_path_${process.pid}`;
  const benchUrl = new URL(databaseUrl ?? 'postgres://localhost/none');
  benchUrl.pathname = `/${databaseName}`;
  const servers: Server[] = [];

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

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
    const auth = await signInAsDemoClient(shop.url);

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
    const auth = await signInAsDemoClient(shop.url);
    const l = await load(shop, auth);
    expectAllAnswered(l);
    console.table([row('shop on PGlite', 1, l)]);
    console.log(`hot-path PGlite: shop ${l.reqPerSec} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms`);
  });
});
