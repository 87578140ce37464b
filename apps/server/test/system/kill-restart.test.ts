import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltServer, type ShopProcess, spawnShop, startShop } from './shop-process.js';

/**
 * The embedded database survives kill -9 (docs/decisions/032): the built server is killed in the middle
 * of writes twenty times, every restart succeeds, and every purchase whose creation was answered 201
 * before the kill is there afterwards. A second process on the same folder is refused while the first
 * runs. PGlite only: on PostgreSQL the database is the server's business.
 */
const ROUNDS = 20;
const WRITERS = 3;
const admin = { phone: '+79990000099', password: 'kill-test-password-1' };

let dataDir: string;
let env: Record<string, string>;
let shop: ShopProcess | null = null;

beforeAll(() => {
  requireBuiltServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-kill-'));
  env = {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    ADMIN_PHONE: admin.phone,
    ADMIN_PASSWORD: admin.password,
    JOBS_POLL_SECONDS: '1',
  };
});

afterAll(async () => {
  if (shop && shop.child.exitCode === null) {
    shop.child.kill('SIGKILL');
    await shop.exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function titlesOf(url: string, headers: Record<string, string>, search: string): Promise<Set<string>> {
  const titles = new Set<string>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${url}/api/purchases?search=${encodeURIComponent(search)}&pageSize=100&page=${page}`, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { title: string }[]; total: number };
    for (const item of body.items) titles.add(item.title);
    if (body.items.length < 100) return titles;
  }
}

/** Creates purchases until the server dies; answers the titles it was told were created. */
async function writeUntilKilled(url: string, headers: Record<string, string>, prefix: string, onCommit: () => void): Promise<string[]> {
  const committed: string[] = [];
  for (let n = 0; ; n += 1) {
    const title = `${prefix}-${n}`;
    const status = await fetch(`${url}/api/purchases`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    }).then(
      (r) => r.status,
      () => null,
    );
    if (status === null) return committed;
    expect(status).toBe(201);
    committed.push(title);
    onCommit();
  }
}

describe.skipIf(process.env.DATABASE_URL)('the embedded database under kill -9', () => {
  it('a second process on the same DATA_DIR is refused, naming the folder and the holder', async () => {
    shop = await startShop(env);
    const second = spawnShop({ ...env, PORT: '0', HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Папка данных ${dataDir} уже занята другим процессом «Вместе» (pid ${shop.child.pid},`);
    // The refused process left the holder's lock alone and the holder still works.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'instance.lock'), 'utf8'))).toMatchObject({ pid: shop.child.pid });
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it(`survives ${ROUNDS} kills in the middle of writes with every committed write`, async () => {
    shop ??= await startShop(env);
    const signin = await fetch(`${shop.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(signin.status).toBe(200);
    const headers = { authorization: `Bearer ${((await signin.json()) as { accessToken: string }).accessToken}` };
    const everyCommitted: string[] = [];
    const restartMs: number[] = [];

    for (let round = 1; round <= ROUNDS; round += 1) {
      const running: ShopProcess = shop;
      // Killed at a random point once writes flow (the first requests after a start are slow).
      const killAfter = 5 + Math.floor(Math.random() * 20);
      let commits = 0;
      const writers = Array.from({ length: WRITERS }, (_, w) =>
        writeUntilKilled(running.url, headers, `kill${round}w${w}`, () => {
          commits += 1;
          if (commits === killAfter) running.child.kill('SIGKILL');
        }),
      );
      await running.exited;
      const committed = (await Promise.all(writers)).flat();
      expect(committed.length, `round ${round}: writes before the kill`).toBeGreaterThan(0);
      everyCommitted.push(...committed);

      const startedAt = Date.now();
      shop = await startShop(env);
      restartMs.push(Date.now() - startedAt);
      console.log(`round ${round}: ${committed.length} committed, restart ${Date.now() - startedAt} ms`);
      const found = await titlesOf(shop.url, headers, `kill${round}w`);
      expect(committed.filter((title) => !found.has(title))).toEqual([]);
    }

    const all = await titlesOf(shop.url, headers, 'kill');
    expect(everyCommitted.filter((title) => !all.has(title))).toEqual([]);
    console.log(
      `${ROUNDS} kills, ${everyCommitted.length} committed writes kept; restart ms: median ${restartMs.sort((a, b) => a - b)[ROUNDS >> 1]}, max ${restartMs.at(-1)}`,
    );
  }, 600_000);
});
