import type { FastifyBaseLogger } from 'fastify';
import {
  type BoxberryCity,
  type BoxberryPoint,
  type BoxberryStatus,
  rowsOf,
  toCity,
  toCreatedParcel,
  toDeliveryCost,
  toPoint,
  toStatuses,
} from './boxberry-answers.js';
import { badAnswer, BoxberryError } from './boxberry-error.js';

export type { BoxberryCity, BoxberryPoint, BoxberryStatus } from './boxberry-answers.js';
export { BoxberryError } from './boxberry-error.js';

export type BoxberryParcelInput = {
  /** Our order's id; Boxberry keeps one parcel per order_id, so sending it again updates that parcel. */
  orderId: string;
  kind: 'pickup_point' | 'courier';
  targetPointCode?: string;
  /** The point where the shop hands parcels over; without it Boxberry takes the account's default. */
  senderPointCode?: string;
  recipient: { fullName: string; phone: string; email?: string };
  courierAddress?: { postalCode: string; city: string; address: string };
  weightGrams: number;
  dimensionsCm?: { length: number; width: number; height: number };
  declaredValueKopecks: number;
  items: { id: string; name: string; quantity: number; priceKopecks: number }[];
};

export type BoxberryClient = ReturnType<typeof createBoxberryClient>;

type BoxberryMethod = 'ListCities' | 'ListPoints' | 'DeliveryCosts' | 'ParselCreate' | 'ListStatuses';
type Attempt = { body: unknown } | { error: BoxberryError; isRetryable: boolean };

const RETRY_DELAYS_MS = [300, 1000];
const notJson = Symbol('not JSON');
/** Boxberry words a refused token in several ways over the years; all of them name the token or the key. */
const tokenRefusal = /токен|token|ключ интеграции|api[- ]?ключ/i;

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'сервер отклонил соединение',
  ECONNRESET: 'соединение оборвалось',
  ENOTFOUND: 'адрес сервера не найден',
  EAI_AGAIN: 'адрес сервера не найден',
  ETIMEDOUT: 'не удалось подключиться',
  UND_ERR_CONNECT_TIMEOUT: 'не удалось подключиться',
  UND_ERR_SOCKET: 'соединение оборвалось',
};

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  if (code && networkReasons[code]) return networkReasons[code];
  if (code?.includes('CERT')) return 'ошибка сертификата сервера';
  return code ? `нет связи (${code})` : 'нет связи';
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function seconds(ms: number): string {
  return (ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson;
  }
}

/** Boxberry answers a refusal with HTTP 200 in one of three shapes, depending on the method's age. */
function refusalText(body: unknown): string | null {
  const first = Array.isArray(body) && body.length === 1 ? (body[0] as unknown) : body;
  if (typeof first !== 'object' || first === null) return null;
  const { err, error, message } = first as { err?: unknown; error?: unknown; message?: unknown };
  if (err !== undefined && err !== null && err !== '') return String(err);
  if (error === true) return typeof message === 'string' && message ? message : 'ошибка без описания';
  return null;
}

function rubles(kopecks: number): number {
  return Math.round(kopecks) / 100;
}

function toSdata(input: BoxberryParcelInput) {
  const isCourier = input.kind === 'courier';
  if (!isCourier && !input.targetPointCode) throw new BoxberryError('rejected', 'Не выбран пункт выдачи Boxberry');
  if (isCourier && !input.courierAddress) throw new BoxberryError('rejected', 'Не указан адрес для курьера Boxberry');
  return {
    order_id: input.orderId,
    price: rubles(input.declaredValueKopecks),
    // The shop takes payment before shipping: the recipient pays Boxberry nothing.
    payment_sum: 0,
    delivery_sum: 0,
    vid: isCourier ? 2 : 1,
    shop: { name: isCourier ? '' : input.targetPointCode, name1: input.senderPointCode ?? '' },
    customer: { fio: input.recipient.fullName, phone: input.recipient.phone, email: input.recipient.email ?? '' },
    ...(isCourier &&
      input.courierAddress && {
        kurdost: { index: input.courierAddress.postalCode, citi: input.courierAddress.city, addressp: input.courierAddress.address },
      }),
    items: input.items.map((item) => ({
      id: item.id,
      name: item.name,
      UnitName: 'шт',
      price: rubles(item.priceKopecks),
      quantity: item.quantity,
    })),
    weights: {
      weight: Math.round(input.weightGrams),
      ...(input.dimensionsCm && { x: input.dimensionsCm.length, y: input.dimensionsCm.width, z: input.dimensionsCm.height }),
    },
  };
}

/**
 * Boxberry's json.php API (../shared/docs/INTEGRATIONS.md §3): the token and the method travel as
 * parameters, lookups are GETs, ParselCreate is a form POST with the parcel as a JSON string. Lookups
 * are retried on a lost or overloaded answer; ParselCreate is not — its caller decides, and repeating
 * it is safe because Boxberry keys a parcel by order_id. The token is in every URL, so neither the URL
 * nor Boxberry's own text with the token in it reaches a message or a log line.
 */
export function createBoxberryClient({
  baseUrl,
  token,
  timeoutMs,
  log,
}: {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  log?: FastifyBaseLogger;
}) {
  const hideToken = (text: string) => (token ? text.replaceAll(token, '•••') : text);

  function send(method: BoxberryMethod, params: Record<string, string>, sdata: unknown): Promise<Response> {
    const signal = AbortSignal.timeout(timeoutMs);
    if (sdata === undefined) {
      const url = new URL(baseUrl);
      for (const [name, value] of Object.entries({ token, method, ...params })) url.searchParams.set(name, value);
      return fetch(url, { headers: { accept: 'application/json' }, signal });
    }
    return fetch(baseUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, method, sdata: JSON.stringify(sdata) }),
      signal,
    });
  }

  async function attempt(method: BoxberryMethod, params: Record<string, string>, sdata: unknown): Promise<Attempt> {
    let status: number;
    let raw: string;
    try {
      const response = await send(method, params, sdata);
      status = response.status;
      raw = await response.text();
    } catch (error) {
      if (isTimeout(error))
        return { error: new BoxberryError('timeout', `Boxberry не ответил за ${seconds(timeoutMs)} с`), isRetryable: true };
      return { error: new BoxberryError('unavailable', `Boxberry недоступен: ${networkReason(error)}`), isRetryable: true };
    }
    if (status < 200 || status >= 300) return { error: badAnswer(status), isRetryable: status === 429 || status >= 500 };
    const body = parseJson(raw);
    if (body === notJson) return { error: badAnswer(status), isRetryable: false };
    const refusal = refusalText(body);
    if (refusal === null) return { body };
    const shown = hideToken(refusal);
    const error = tokenRefusal.test(refusal)
      ? new BoxberryError('rejected', `Boxberry не принял API-токен: ${shown}`, true)
      : new BoxberryError('rejected', `Boxberry ответил: ${shown}`);
    return { error, isRetryable: false };
  }

  async function call(method: BoxberryMethod, params: Record<string, string> = {}, sdata?: unknown): Promise<unknown> {
    const isRetried = sdata === undefined;
    for (let retry = 0; ; retry += 1) {
      const result = await attempt(method, params, sdata);
      if ('body' in result) return result.body;
      if (!isRetried || !result.isRetryable || retry >= RETRY_DELAYS_MS.length) {
        log?.warn({ method, kind: result.error.kind, reason: result.error.message }, 'Boxberry call failed');
        throw result.error;
      }
      log?.warn({ method, kind: result.error.kind, reason: result.error.message, retry: retry + 1 }, 'Boxberry call failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[retry]));
    }
  }

  async function listCities(): Promise<BoxberryCity[]> {
    return rowsOf(await call('ListCities')).flatMap((row) => toCity(row) ?? []);
  }

  return {
    listCities,

    async listPoints({ cityCode }: { cityCode?: string } = {}): Promise<BoxberryPoint[]> {
      // prepaid=1: points that take only prepaid orders suit us, since the shop is paid before shipping.
      const params = { prepaid: '1', ...(cityCode && { CityCode: cityCode }) };
      return rowsOf(await call('ListPoints', params)).flatMap((row) => toPoint(row) ?? []);
    },

    async deliveryCosts({
      weightGrams,
      targetPointCode,
      orderSumKopecks,
    }: {
      weightGrams: number;
      targetPointCode: string;
      orderSumKopecks?: number;
    }): Promise<{ priceKopecks: number; periodDays: number | null }> {
      const params = {
        weight: String(Math.round(weightGrams)),
        target: targetPointCode,
        paysum: '0',
        ...(orderSumKopecks !== undefined && { ordersum: String(rubles(orderSumKopecks)) }),
      };
      return toDeliveryCost(await call('DeliveryCosts', params));
    },

    async createParcel(input: BoxberryParcelInput): Promise<{ track: string; labelUrl: string | null }> {
      return toCreatedParcel(await call('ParselCreate', {}, toSdata(input)));
    },

    /** By our order id or by Boxberry's track; Boxberry asks to poll a parcel at most once an hour. */
    async listStatuses(imId: string): Promise<BoxberryStatus[]> {
      return toStatuses(await call('ListStatuses', { ImId: imId }));
    },

    async checkConnection(): Promise<{ citiesCount: number }> {
      return { citiesCount: (await listCities()).length };
    },
  };
}
