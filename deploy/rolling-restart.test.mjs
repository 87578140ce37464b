import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from './cluster.mjs';

/**
 * A rolling restart of the cluster under load (issue 28, decision 032): three instances behind nginx
 * (deploy/nginx/vmeste.conf) on one PostgreSQL database; each in turn gets SIGTERM, must exit 0, and is
 * started again and waited for until ready, while clients keep reading pages and the API and
 * signing in through nginx. Not one of their requests may fail.
 */
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const password = 'demo12345';
/** `fail_timeout` of the upstream servers in deploy/nginx/vmeste.conf. */
const NGINX_FAIL_TIMEOUT_MS = 5_000;

/** @type {Awaited<ReturnType<typeof startCluster>>} */
let cluster;

beforeAll(async () => {
  cluster = await startCluster({ port: 3460, databaseUrl, database: 'vmeste_cluster_test', isFresh: true, log: () => {} });
});
afterAll(() => cluster?.stop());

async function signIn(phone) {
  const res = await fetch(`${cluster.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${(await res.json()).accessToken}` };
}

/** Clients that keep sending requests through nginx until stopped; every answer that is not 2xx is kept. */
function startLoad(requests, clients) {
  let isRunning = true;
  const failures = [];
  let count = 0;
  async function client(offset) {
    for (let i = offset; isRunning; i += 1) {
      const { method = 'GET', path, headers = {}, body } = requests[i % requests.length];
      const label = `${method} ${path}`;
      try {
        const res = await fetch(`${cluster.url}${path}`, {
          method,
          headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (res.status >= 300) failures.push(`${label}: ${res.status}`);
      } catch (error) {
        failures.push(`${label}: ${error.cause?.code ?? error.message}`);
      }
      count += 1;
      // Steady traffic, not a flood: the instance being started needs the machine's CPU too.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const done = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return {
    failures,
    count: () => count,
    async stop() {
      isRunning = false;
      await done;
    },
  };
}

describe('a rolling restart of the cluster', () => {
  it('restarts the three instances one at a time under load, each exits 0, and no request fails', async () => {
    const admin = await signIn('79000000001');
    const client = await signIn('79000000004');
    const load = startLoad(
      [
        { path: '/' },
        { path: '/api/orders/my', headers: client },
        { path: '/api/health' },
        { path: '/api/purchases', headers: admin },
        { path: '/api/payments/my', headers: client },
        { method: 'POST', path: '/api/auth/signin', body: { phone: '79000000004', password } },
        { path: '/api/payments', headers: admin },
        { path: '/api/settings/public' },
      ],
      8,
    );

    const exitCodes = [];
    const startedAt = Date.now();
    for (const instance of [...cluster.instances]) {
      const before = load.count();
      // Requests are reaching the cluster before this instance goes.
      while (load.count() < before + 50) await new Promise((resolve) => setTimeout(resolve, 50));
      exitCodes.push(await cluster.stopInstance(instance.index));
      await cluster.startInstance(instance.index);
      console.log(`instance ${instance.index + 1} restarted, ${Math.round((Date.now() - startedAt) / 1000)} s into the restarts`);
      // nginx still leaves the instance out until fail_timeout has passed since the refused connection
      // that marked it down; stopping the next one before then can leave nginx no instance it believes up.
      await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_MS));
    }
    const afterRestarts = load.count();
    while (load.count() < afterRestarts + 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await load.stop();

    expect(exitCodes).toEqual([0, 0, 0]);
    expect(load.failures).toEqual([]);
    // Each restarted instance answers on its own port and through nginx alike.
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    }
    console.log(`rolling restart: ${load.count()} requests through nginx, ${load.failures.length} failed`);
  });
});
