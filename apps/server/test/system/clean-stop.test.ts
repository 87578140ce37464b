import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client.js';
import { sql } from 'drizzle-orm';
import { startShop } from './shop-process.js';

/**
 * SIGTERM stops an instance cleanly (README «Configuration», SHUTDOWN_TIMEOUT_SECONDS): the request in
 * flight is answered, new connections are refused, the job turn it was running is handed back (due
 * now, for another instance), the embedded database's folder is given up, and the exit code is 0.
 */
const slowInstance = fileURLToPath(new URL('./slow-instance.ts', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-stop-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Whether a new TCP connection to the server is accepted. */
function connects(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForOutput(output: () => string, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no «${text}» in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(process.env.DATABASE_URL)('a clean stop', () => {
  it('answers the request in flight, refuses new ones, releases its job turn and exits 0', async () => {
    const shop = await startShop(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
        JOBS_POLL_SECONDS: '1',
        SHUTDOWN_TIMEOUT_SECONDS: '6',
        SLOW_REQUEST_MS: '4000',
      },
      slowInstance,
      ['--import', 'tsx'],
    );
    await waitForOutput(shop.output, 'slow job begun');

    const inFlight = fetch(`${shop.url}/api/test/slow`);
    await waitForOutput(shop.output, 'slow request begun');
    const stoppedAt = Date.now();
    shop.child.kill('SIGTERM');

    // A new connection is refused while the slow request is still being answered.
    let isAnswered = false;
    void inFlight.then(() => (isAnswered = true));
    while (await connects(shop.url)) {
      expect(Date.now() - stoppedAt, 'still accepting connections').toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isAnswered).toBe(false);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ isDone: true });

    expect(await shop.exited).toBe(0);
    // The job's minute was cut at the limit, not waited for.
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);
    expect(shop.output()).toContain('background job cut off by the stop');

    // The folder is free again (no lock left), and the turn is due now for whichever instance polls next.
    expect(fs.existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      const [job] = rowsOf<{ is_due: boolean; last_error: string | null }>(
        await database.db.execute(sql`select next_run_at <= now() as is_due, last_error from jobs where name = 'test.slow'`),
      );
      expect(job).toEqual({ is_due: true, last_error: 'прервано остановкой экземпляра' });
    } finally {
      await database.close();
    }
  }, 180_000);
});
