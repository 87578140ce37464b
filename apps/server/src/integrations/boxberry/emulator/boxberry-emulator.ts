import http from 'node:http';
import { createFailureQueues, isClientGone, readBody, startEmulatorServer } from '../../emulator-server.js';
import { renderLabel } from './boxberry-emulator-label.js';
import { deliveryCosts, listCities, listPoints } from './boxberry-emulator-lookups.js';
import { advanceParcel, createParcel, type EmulatedParcel, listStatuses, type ParcelBook } from './boxberry-emulator-parcels.js';

export type BoxberryEmulatedMethod = 'ListCities' | 'ListPoints' | 'DeliveryCosts' | 'ParselCreate' | 'ListStatuses';
export type BoxberryEmulatedFailure =
  /** `shape` picks which of Boxberry's three refusal forms to answer with; `{"err"}` unless told. */
  | { kind: 'err'; message: string; shape?: 'err' | 'err-list' | 'error-flag' }
  /** The request is carried out, but its answer is held back past any sane client timeout. */
  | { kind: 'timeout' }
  | { kind: 'http'; status: number };
export type BoxberryEmulatedRequest = {
  method: string;
  httpMethod: string;
  /** Where the token came: lookups send it in the URL, ParselCreate in the form. */
  tokenIn: 'query' | 'form' | null;
  /** The parameters as sent, the token left out. */
  params: Record<string, string>;
};
export type BoxberryEmulator = Awaited<ReturnType<typeof startBoxberryEmulator>>;

type Answer = { status: number; contentType: string; body: string | Buffer };

const HOLD_MS = 30_000;
const DEMO_TOKEN = 'demo-boxberry-token';
/** Both name the token or the key, which is how the client tells a refused token from a refused parcel. */
const MISSING_TOKEN = 'Не указан ключ интеграции (token)';
const WRONG_TOKEN = 'Ключ интеграции не найден или заблокирован';

function json(body: unknown): Answer {
  // Boxberry refuses with HTTP 200 too, so every answer of the API itself is a 200.
  return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
}

function refusal(message: string, shape: 'err' | 'err-list' | 'error-flag' = 'err'): Answer {
  if (shape === 'err-list') return json([{ err: message }]);
  if (shape === 'error-flag') return json({ error: true, message });
  return json({ err: message });
}

function httpFailure(status: number): Answer {
  const title = http.STATUS_CODES[status] ?? 'Error';
  return { status, contentType: 'text/html', body: `<html><body><center><h1>${status} ${title}</h1></center></body></html>` };
}

/**
 * A local stand-in for Boxberry's json.php API (../shared/docs/INTEGRATIONS.md §3) with demo cities
 * and points: the shop starts it in-process when no Boxberry token is configured, and tests drive it.
 * Parcels live in memory; their statuses come one every `minutesPerStatus` from creation, and
 * `advance` moves a parcel on at once.
 */
export async function startBoxberryEmulator(
  options: { port?: number; host?: string; acceptedTokens?: string[]; minutesPerStatus?: number } = {},
) {
  const { port = 0, host = '127.0.0.1', acceptedTokens, minutesPerStatus = 2 } = options;
  const book: ParcelBook = {
    parcels: new Map(),
    tracksByOrderId: new Map(),
    // Ten digits after BB, like Boxberry's tracks; a random start keeps two runs' tracks apart.
    nextTrackNumber: 4_000_000_000 + Math.floor(Math.random() * 1_000_000_000),
    statusIntervalMs: minutesPerStatus * 60_000,
  };
  const failures = createFailureQueues<string, BoxberryEmulatedFailure>();
  const requests: BoxberryEmulatedRequest[] = [];
  let origin = '';

  const isAccepted = (token: string) => (acceptedTokens ? acceptedTokens.includes(token) : token !== '' && !token.startsWith('bad'));
  const labelUrl = (track: string) => `${origin}/labels/${track}.pdf`;

  function carryOut(method: string, params: URLSearchParams): Answer {
    const token = params.get('token') ?? '';
    if (!token) return refusal(MISSING_TOKEN);
    if (!isAccepted(token)) return refusal(WRONG_TOKEN);
    switch (method) {
      case 'ListCities':
        return json(listCities());
      case 'ListPoints':
        return json(listPoints(params));
      case 'DeliveryCosts':
        return json(deliveryCosts(params));
      case 'ParselCreate':
        return json(createParcel(book, params.get('sdata'), labelUrl));
      case 'ListStatuses':
        return json(listStatuses(book, params.get('ImId') ?? ''));
      default:
        return refusal(method ? `Метод ${method} не существует` : 'Не указан метод API (method)');
    }
  }

  async function answerApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<Answer> {
    const params = new URLSearchParams(url.searchParams);
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    for (const [name, value] of form) params.set(name, value);
    const method = params.get('method') ?? '';
    requests.push({
      method,
      httpMethod: req.method ?? 'GET',
      tokenIn: form.has('token') ? 'form' : url.searchParams.has('token') ? 'query' : null,
      params: Object.fromEntries([...params].filter(([name]) => name !== 'token')),
    });
    const failure = failures.take(method);
    if (failure?.kind === 'http') return httpFailure(failure.status);
    if (failure?.kind === 'err') return refusal(failure.message, failure.shape);
    const answer = carryOut(method, params);
    // Ends early when the client gives up or the emulator closes, so nothing outlives a test.
    if (failure?.kind === 'timeout') await server.hold(res, HOLD_MS);
    return answer;
  }

  async function answerLabel(path: string): Promise<Answer> {
    const track = /^\/labels\/([A-Za-z0-9]+)\.pdf$/.exec(path)?.[1];
    const parcel = track ? book.parcels.get(track) : undefined;
    if (!parcel) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Этикетка не найдена' };
    return { status: 200, contentType: 'application/pdf', body: await renderLabel(parcel) };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let answer: Answer;
    if (url.pathname === '/json.php') answer = await answerApi(req, res, url);
    else if (url.pathname.startsWith('/labels/') && req.method === 'GET') answer = await answerLabel(url.pathname);
    else answer = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Не найдено' };
    if (isClientGone(res)) return;
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  }

  const server = await startEmulatorServer({ port, host, name: 'Boxberry', handle });
  origin = server.origin;

  return {
    /** The full json.php URL, what the client takes as its baseUrl. */
    url: `${origin}/json.php`,
    /** A token this emulator accepts. */
    demoToken: acceptedTokens?.[0] ?? DEMO_TOKEN,
    parcels: book.parcels as ReadonlyMap<string, Readonly<EmulatedParcel>>,
    requests: requests as readonly BoxberryEmulatedRequest[],
    /** The next `times` calls of `method` fail this way; calls queue up in order. */
    failNext: (method: BoxberryEmulatedMethod, failure: BoxberryEmulatedFailure, times = 1) => failures.failNext(method, failure, times),
    /** Adds the parcel's next status now (by track or order id); answers its name. */
    advance: (track: string) => advanceParcel(book, track),
    close: server.close,
  };
}
