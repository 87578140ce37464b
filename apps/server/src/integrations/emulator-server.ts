import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every emulator of an outside service (Boxberry, DaData, SMS.ru, Telegram, YooKassa, each under
 * `integrations/<service>/emulator/`) does alike: listen on a local port, read a request's body, hold
 * an answer back (a service that does not answer), answer only a client still there, queue failures for
 * the next calls, and close without leaving a held answer or a connection behind. The shop starts the
 * Boxberry, DaData and Telegram ones only outside production (decision 022); tests and scripts start
 * the rest.
 */

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** A held or long answer may find its client gone: there is no one to answer then. */
export function isClientGone(res: http.ServerResponse): boolean {
  return res.destroyed || !res.socket || res.socket.destroyed;
}

/** The next calls of a method fail this way, in the order asked. */
export function createFailureQueues<Method, Failure>() {
  const queues = new Map<Method, Failure[]>();
  return {
    /** The next `times` calls of `method` fail this way; calls queue up in order. */
    failNext(method: Method, failure: Failure, times = 1): void {
      const queue = queues.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      queues.set(method, queue);
    },
    /** The failure the call of `method` being answered now takes, if one is queued. */
    take: (method: Method): Failure | undefined => queues.get(method)?.shift(),
    clear: (): void => queues.clear(),
  };
}

function answerPlainFailure(res: http.ServerResponse, text: string): void {
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/**
 * A local HTTP server for an emulator. `hold(res)` keeps an answer back until `ms` pass (never, without
 * `ms`), the client gives up, `releaseHolds()` or `close()`, so nothing outlives a test.
 */
export async function startEmulatorServer(options: {
  port?: number | undefined;
  host?: string | undefined;
  /** The service, in the Russian text of a failure: «Сбой эмулятора DaData: …». */
  name: string;
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  /** Answers a request whose handling threw in the service's own form; plain text unless told. */
  answerFailure?: (res: http.ServerResponse, text: string) => void;
  /** Stops what the emulator runs besides the server (long polls), before it closes. */
  beforeClose?: () => void;
}) {
  const { port = 0, host = '127.0.0.1', name, handle, answerFailure = answerPlainFailure, beforeClose } = options;
  const holds = new Set<() => void>();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => answerFailure(res, `Сбой эмулятора ${name}: ${(error as Error).message}`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;

  function releaseHolds(): void {
    for (const release of [...holds]) release();
  }

  return {
    /** `http://host:port`, the host in brackets when it is an IPv6 address. */
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    hold(res: http.ServerResponse, ms?: number): Promise<void> {
      return new Promise((resolve) => {
        const release = () => {
          clearTimeout(timer);
          holds.delete(release);
          res.off('close', release);
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(release, ms);
        holds.add(release);
        res.on('close', release);
      });
    },
    releaseHolds,
    close: () =>
      new Promise<void>((resolve) => {
        beforeClose?.();
        releaseHolds();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
