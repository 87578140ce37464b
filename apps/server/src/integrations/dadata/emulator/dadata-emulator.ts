import http from 'node:http';
import { createFailureQueues, isClientGone, readBody, startEmulatorServer } from '../../emulator-server.js';
import { suggest } from './dadata-emulator-suggestions.js';

export type DadataEmulatedFailure =
  /** The answer is held back past any sane client timeout. */
  | { kind: 'timeout' }
  /** DaData's 403 once the free daily quota is spent. */
  | { kind: 'limit' }
  | { kind: 'http'; status: number };
export type DadataEmulator = Awaited<ReturnType<typeof startDadataEmulator>>;

type Answer = { status: number; body: unknown };

const SUGGEST_PATH = '/suggestions/api/4_1/rs/suggest/address';
const HOLD_MS = 30_000;
const DEFAULT_COUNT = 10;
const MAX_COUNT = 20;

function clientError(status: number, reason: string, message: string): Answer {
  return { status, body: { family: 'CLIENT_ERROR', reason, message } };
}

function suggestAnswer(rawBody: string): Answer {
  let body: { query?: unknown; count?: unknown };
  try {
    body = (JSON.parse(rawBody) ?? {}) as typeof body;
  } catch {
    return clientError(400, 'Bad Request', 'Request body is not a valid JSON');
  }
  if (typeof body.query !== 'string') return clientError(400, 'Bad Request', 'Required field "query" is missing');
  const requested = typeof body.count === 'number' && Number.isFinite(body.count) ? Math.trunc(body.count) : DEFAULT_COUNT;
  return { status: 200, body: { suggestions: suggest(body.query, Math.min(MAX_COUNT, Math.max(1, requested))) } };
}

/**
 * A local stand-in for DaData's address suggestions (../shared/docs/INTEGRATIONS.md §4) over a demo
 * list of addresses in eight cities: the shop starts it in-process when no DaData key is configured,
 * and tests drive it. Only the one endpoint the shop uses is served.
 */
export async function startDadataEmulator(options: { port?: number; host?: string; apiKey?: string } = {}) {
  const { port = 0, host = '127.0.0.1', apiKey = 'demo-dadata-key' } = options;
  const failures = createFailureQueues<'suggest', DadataEmulatedFailure>();
  let requests = 0;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<Answer> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const rawBody = await readBody(req);
    if (path !== SUGGEST_PATH) return clientError(404, 'Not Found', `No handler for ${path}`);
    if (req.method !== 'POST') return clientError(405, 'Method Not Allowed', 'Use POST');
    requests += 1;
    const failure = failures.take('suggest');
    // Ends early when the client gives up or the emulator closes, so nothing outlives a test.
    if (failure?.kind === 'timeout') await server.hold(res, HOLD_MS);
    if (failure?.kind === 'http') return clientError(failure.status, http.STATUS_CODES[failure.status] ?? 'Error', 'Emulated failure');
    if (req.headers.authorization !== `Token ${apiKey}`) return clientError(401, 'Unauthorized', 'Zero or invalid API key');
    // DaData names the token in this text; the client must not pass it on.
    if (failure?.kind === 'limit') return clientError(403, 'Forbidden', `Feature 'SUGGESTIONS' disabled for token '${apiKey}'`);
    return suggestAnswer(rawBody);
  }

  const server = await startEmulatorServer({
    port,
    host,
    name: 'DaData',
    handle: async (req, res) => {
      const { status, body } = await answer(req, res);
      if (isClientGone(res)) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    },
  });

  return {
    /** What the client takes as its baseUrl, like https://suggestions.dadata.ru. */
    baseUrl: server.origin,
    apiKey,
    /** Suggestion requests received, failed ones included. */
    get requests() {
      return requests;
    },
    /** The next `times` suggestion requests fail this way; calls queue up in order. */
    failNext: (failure: DadataEmulatedFailure, times = 1) => failures.failNext('suggest', failure, times),
    close: server.close,
  };
}
