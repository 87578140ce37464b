import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, isPostgresRun, type TestContext } from '../apps/server/test/fixtures/app.js';
import { signInAs } from '../apps/server/test/fixtures/demo-accounts.js';
import { createPurchase, walkTo } from '../apps/server/test/fixtures/purchases-kit.js';

/**
 * Pay requests under load on PostgreSQL: 2,000 orders paid by link (card through the sandbox provider,
 * and transfer), 100 requests in flight at a time over a real socket; then 100 concurrent requests for
 * one order, of which exactly one may win. Prints requests per second and latency percentiles.
 */
const ORDERS = 2_000;
const CONCURRENCY = 100;

let ctx: TestContext;
let baseUrl: string;
let orderIds: string[] = [];

beforeAll(async () => {
  if (!isPostgresRun) return;
  ctx = await createTestApp();
  const admin = await signInAs(ctx.app, 'admin');
  const card = await ctx.app.inject({
    method: 'POST',
    url: '/api/cards',
    headers: admin,
    payload: { bank: 'Сбербанк', holderName: 'Анна', number: '4111111111111111' },
  });
  const purchase = await createPurchase(ctx.app, admin, {
    title: 'Нагрузка',
    organizerFeePercent: 10,
    cardId: card.json<{ id: string }>().id,
  });
  await walkTo(ctx.app, admin, purchase.id, 'payment');
  const rows = await ctx.database.db.execute(sql`
    insert into orders (purchase_id, phone, client_name, goods_kopecks, organizer_fee_kopecks, total_kopecks)
    select ${purchase.id}::uuid, '79' || lpad(i::text, 9, '0'), 'Клиент ' || i, 100000, 10000, 110000
    from generate_series(1, ${ORDERS + 1}) i
    returning id`);
  orderIds = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
}, 300_000);
afterAll(() => ctx?.close());

const pay = (orderId: string, method: string) =>
  fetch(`${baseUrl}/api/payments/by-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderId, method }),
  });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

it.skipIf(!isPostgresRun)(`${ORDERS} pay requests, ${CONCURRENCY} in flight`, async () => {
  const table: string[] = ['', 'method | requests | req/s | p50, ms | p99, ms | max, ms'];
  for (const [method, ids] of [
    ['card', orderIds.slice(0, ORDERS / 2)],
    ['transfer', orderIds.slice(ORDERS / 2, ORDERS)],
  ] as const) {
    const latencies: number[] = [];
    let next = 0;
    let created = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          const t = performance.now();
          const res = await pay(id, method);
          await res.arrayBuffer();
          latencies.push(performance.now() - t);
          if (res.status === 201) created += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    expect(created).toBe(ids.length);
    table.push(
      `${method} | ${ids.length} | ${Math.round(ids.length / seconds)} | ${Math.round(percentile(latencies, 50))} | ${Math.round(percentile(latencies, 99))} | ${Math.round(latencies.at(-1)!)}`,
    );
  }
  console.log(table.join('\n'));
});

it.skipIf(!isPostgresRun)(`${CONCURRENCY} concurrent pay requests for one order create one payment`, async () => {
  const target = orderIds[ORDERS]!;
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: CONCURRENCY }, () => pay(target, 'card').then((r) => r.status)));
  const ms = performance.now() - started;
  const counts = Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]));
  console.log(`\none order, ${CONCURRENCY} requests at once: ${JSON.stringify(counts)} in ${Math.round(ms)} ms`);
  expect(counts).toEqual({ 201: 1, 409: CONCURRENCY - 1 });
});
