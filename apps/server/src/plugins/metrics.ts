import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import type { JobState } from '../jobs/job-states.js';
import { AppError, messages } from '../shared/app-error.js';
import type { Waiting } from '../shared/waiting.js';

/** Who may read the metrics: the networks of METRICS_ALLOW, an IPv4 address mapped into IPv6 as itself. */
export function metricsReaders(entries: readonly string[]): (address: string | undefined) => boolean {
  const allowed = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const v4 = address.toLowerCase().startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    return allowed.check(v4, isIPv4(v4) ? 'ipv4' : 'ipv6');
  };
}

/**
 * The jobs and the rows waiting in the areas' queues, each read by its owner (app.ts puts them
 * together); nothing here reads an area's table.
 */
export type Backlog = { jobs: JobState[]; waiting: Waiting[] };

type MetricsOptions = { database: Database; allow: readonly string[]; readBacklog: () => Promise<Backlog> };

/** The route's pattern (`/api/orders/:id`), never the raw URL: one series per route, not per order. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Prometheus metrics at /metrics (text format): requests by route and status, their latency, the
 * database pool, the jobs and the backlog of payments, refunds and messages. Outside the API and its
 * contract: it answers Prometheus, not the web app, and only the addresses of METRICS_ALLOW, judged by
 * the connection itself; to anyone else it does not exist.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { database, allow, readBacklog }: MetricsOptions) => {
  const isReader = metricsReaders(allow);
  // One registry per app: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Answers with a server error (5xx), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'vmeste_db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, waiting requests for one, and the most allowed',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const jobDue = new Gauge({
    name: 'vmeste_job_due',
    help: 'Whether the job has a turn due now (1) or not (0)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobOverdue = new Gauge({
    name: 'vmeste_job_overdue_seconds',
    help: 'How long the job’s due turn has been waiting for an instance to claim it',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobSinceFinished = new Gauge({
    name: 'vmeste_job_since_finished_seconds',
    help: 'Seconds since the job last finished a turn',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailing = new Gauge({
    name: 'vmeste_job_failing',
    help: 'Whether the job’s last turn ended with an error',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const waiting = new Gauge({
    name: 'vmeste_waiting',
    help: 'Rows waiting: pending payments, receipts to check, pending refunds, queued messages',
    labelNames: ['what'] as const,
    registers: [registry],
  });
  const waitingOldest = new Gauge({
    name: 'vmeste_waiting_oldest_seconds',
    help: 'Age of the oldest row waiting, by what waits',
    labelNames: ['what'] as const,
    registers: [registry],
  });
  const backlogUp = new Gauge({
    name: 'vmeste_backlog_read_ok',
    help: 'Whether the last scrape read the jobs and the backlog from the database',
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
    done();
  });

  async function readDatabase() {
    const use = database.poolUse?.();
    if (use) for (const [state, value] of Object.entries(use)) pool.set({ state }, value);
    try {
      const backlog = await readBacklog();
      // A job dropped from the code leaves no stale series behind.
      for (const gauge of [jobDue, jobOverdue, jobSinceFinished, jobFailing]) gauge.reset();
      for (const job of backlog.jobs) {
        jobDue.set({ job: job.name }, job.isDue ? 1 : 0);
        jobOverdue.set({ job: job.name }, job.overdueSeconds);
        if (job.sinceFinishedSeconds !== null) jobSinceFinished.set({ job: job.name }, job.sinceFinishedSeconds);
        jobFailing.set({ job: job.name }, job.isFailing ? 1 : 0);
      }
      for (const row of backlog.waiting) {
        waiting.set({ what: row.what }, row.count);
        waitingOldest.set({ what: row.what }, row.oldestSeconds);
      }
      backlogUp.set(1);
    } catch (error) {
      app.log.warn({ err: error }, 'метрики: очередь и задачи не прочитаны из базы');
      backlogUp.set(0);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isReader(request.socket.remoteAddress)) throw new AppError('NOT_FOUND', messages.noSuchAddress);
    await readDatabase();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
