import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsReaders } from '../../src/plugins/metrics.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { expectError } from '../fixtures/api-assertions.js';
import { signInWith } from '../fixtures/accounts-kit.js';
import { goods, payByLink, purchaseWithOrders } from '../fixtures/payments-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * /metrics (issue 28, item 6): Prometheus text for a reader on the allowed addresses — requests by
 * route pattern, latency, errors, the pool, jobs and the backlog — and nothing at all for anyone else,
 * whatever X-Forwarded-For says.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => ctx.close());

const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The value of one series, `name{labels}`, in the text format. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests and their latency by route pattern, not by URL', async () => {
    const admin = await signInWith(ctx.app, '79000000001', 'demo12345');
    const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: '79000000004', lines: goods(100_00) }] });
    const order = orders[0]!;
    for (let i = 0; i < 3; i += 1)
      expect((await call(ctx.app, endpoints.orders.getByLink, { params: { id: order.id } })).statusCode).toBe(200);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/orders/:id",status="200"}')).toBe(3);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/orders/:id"}')).toBe(3);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/orders/:id"}');
    expect(text).not.toContain(order.id);
    // Unknown addresses share one series, so a scanner cannot grow the metrics without bound.
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-1' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-2' });
    expect(valueOf((await scrape()).body, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('shows pending payments, jobs and queued messages from the database', async () => {
    const admin = await signInWith(ctx.app, '79000000001', 'demo12345');
    const { orders } = await purchaseWithOrders(ctx.app, admin, { orders: [{ phone: '79000000004', lines: goods(250_00) }] });
    const before = valueOf((await scrape()).body, 'vmeste_waiting{what="payments_pending"}') ?? 0;
    expect((await payByLink(ctx.app, orders[0]!.id, 'card')).statusCode).toBe(201);
    await ctx.app.jobs.runDue();

    const text = (await scrape()).body;
    expect(valueOf(text, 'vmeste_waiting{what="payments_pending"}')).toBe(before + 1);
    expect(valueOf(text, 'vmeste_waiting_oldest_seconds{what="payments_pending"}')).toBeGreaterThanOrEqual(0);
    for (const what of ['payments_awaiting_check', 'refunds_pending', 'messages_queued', 'telegram_pending']) {
      expect(valueOf(text, `vmeste_waiting{what="${what}"}`), what).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, 'vmeste_job_due{job="rate-limits.cleanup"}')).toBe(0);
    expect(valueOf(text, 'vmeste_job_failing{job="rate-limits.cleanup"}')).toBe(0);
    expect(valueOf(text, 'vmeste_job_since_finished_seconds{job="rate-limits.cleanup"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'vmeste_backlog_read_ok')).toBe(1);
    if (isPostgresRun) {
      expect(valueOf(text, 'vmeste_db_pool_connections{state="max"}')).toBe(10);
      expect(valueOf(text, 'vmeste_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('vmeste_db_pool_connections{');
    }
  });

  it('does not exist for other addresses, whatever X-Forwarded-For says', async () => {
    for (const address of ['10.0.0.5', '192.168.1.10', '::ffff:10.0.0.5', '2001:db8::1']) {
      const res = await scrape(address);
      expectError(res, 404, { message: 'Такого адреса нет' });
      expect(res.body).not.toContain('http_requests_total');
    }
    expectError(await scrape('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }), 404);
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])
      expect((await scrape(address)).statusCode, address).toBe(200);
  });
});

describe('METRICS_ALLOW', () => {
  it('admits the listed addresses and networks only', () => {
    const isReader = metricsReaders(['10.1.0.0/16', '192.168.5.7', 'fd00::/8']);
    expect(isReader('10.1.200.3')).toBe(true);
    expect(isReader('::ffff:10.1.0.1')).toBe(true);
    expect(isReader('192.168.5.7')).toBe(true);
    expect(isReader('fd12::1')).toBe(true);
    for (const address of [undefined, '10.2.0.1', '192.168.5.8', '127.0.0.1', '::1', 'fe80::1'])
      expect(isReader(address), address).toBe(false);
  });

  it('lets a Prometheus on another machine in when its network is listed', async () => {
    const other = await createTestApp({ METRICS_ALLOW: '10.0.0.0/8' }, isPostgresRun ? { sameDatabaseAs: ctx } : {});
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' })).statusCode).toBe(200);
      expectError(await other.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }), 404);
    } finally {
      await other.close();
    }
  });
});
