import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/**
 * A clean stop (SIGTERM from systemd or an orchestrator, SIGINT from Ctrl+C): the instance stops
 * listening, answers the requests in flight, hands a job turn it cannot finish back to the others,
 * stops the messages' and Telegram's loops, closes the database (giving up the embedded database's
 * folder lock) and exits 0. `timeoutSeconds` bounds the wait for requests and a job; what hangs past
 * it plus a margin for the database is cut off with exit code 1.
 */
export function stopOnSignals(app: FastifyInstance, { timeoutSeconds }: { timeoutSeconds: number }): void {
  closeWithGrace({ delay: (timeoutSeconds + 15) * 1000, logger: app.log }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping: no new requests, finishing those in flight');
    await stopApp(app, timeoutSeconds * 1000);
  });
}

/**
 * How long a connection accepted just before the stop has to send its request. Node's `close()` cuts
 * every connection that is not in a request at that moment, and one that nginx has just opened is not
 * yet: nginx has sent a POST down it and never repeats a POST elsewhere, so its client got a 502.
 */
const FRESH_CONNECTION_GRACE_MS = 1000;

export async function stopApp(app: FastifyInstance, timeoutMs: number): Promise<void> {
  // Jobs first: while requests drain no new turn is claimed, and a turn running at the deadline is released.
  const jobsStopped = app.jobs.stop({ waitMs: timeoutMs });
  // Idle connections are closed a moment after the port, and again each moment while others finish.
  const closeIdleConnections = app.server.closeIdleConnections.bind(app.server);
  app.server.closeIdleConnections = () => {};
  const idleCloser = setInterval(closeIdleConnections, FRESH_CONNECTION_GRACE_MS);
  idleCloser.unref();
  // Fastify waits for every open request; one still running at the deadline is cut off.
  const cutOff = setTimeout(() => app.server.closeAllConnections(), timeoutMs);
  cutOff.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cutOff);
    clearInterval(idleCloser);
  }
  await jobsStopped;
}
