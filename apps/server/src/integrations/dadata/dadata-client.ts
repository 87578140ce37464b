import type { FastifyBaseLogger } from 'fastify';

export type AddressSuggestion = {
  value: string;
  unrestrictedValue: string;
  postalCode: string | null;
  region: string | null;
  /** A city, or a settlement where the address lies outside any city. */
  city: string | null;
  street: string | null;
  house: string | null;
  flat: string | null;
  fiasId: string | null;
  fiasLevel: string | null;
  lat: number | null;
  lon: number | null;
};

export type DadataErrorKind = 'timeout' | 'key_rejected' | 'limit' | 'unavailable' | 'bad_answer';

/** Its message is ready to show staff as is; it never carries the API key. */
export class DadataError extends Error {
  override readonly name = 'DadataError';

  constructor(
    readonly kind: DadataErrorKind,
    reason: string,
  ) {
    super(`Подсказки адресов недоступны: ${reason}`);
  }
}

type RawSuggestion = { value?: unknown; unrestricted_value?: unknown; data?: Record<string, unknown> | null };

const DEFAULT_BASE_URL = 'https://suggestions.dadata.ru';
const SUGGEST_PATH = '/suggestions/api/4_1/rs/suggest/address';
const MAX_COUNT = 20;
const RETRY_DELAY_MS = 300;

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** DaData sends coordinates as strings. */
function coordinate(value: unknown): number | null {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

function toSuggestion(raw: RawSuggestion): AddressSuggestion {
  const data = raw.data ?? {};
  return {
    value: textOrNull(raw.value) ?? '',
    unrestrictedValue: textOrNull(raw.unrestricted_value) ?? textOrNull(raw.value) ?? '',
    postalCode: textOrNull(data.postal_code),
    region: textOrNull(data.region_with_type),
    city: textOrNull(data.city_with_type) ?? textOrNull(data.settlement_with_type),
    street: textOrNull(data.street_with_type),
    house: textOrNull(data.house),
    flat: textOrNull(data.flat),
    fiasId: textOrNull(data.fias_id),
    fiasLevel: textOrNull(data.fias_level),
    lat: coordinate(data.geo_lat),
    lon: coordinate(data.geo_lon),
  };
}

function seconds(ms: number): string {
  return (ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 });
}

/**
 * DaData's address suggestions (../shared/docs/INTEGRATIONS.md §4). A buyer is typing while this
 * runs, so a lost answer or a 5xx is retried once and a timeout not at all: a second wait as long
 * would outlast the buyer's patience. DaData echoes the key in its 403 text, so no answer body is
 * ever logged or shown.
 */
export function createDadataClient({
  baseUrl = DEFAULT_BASE_URL,
  apiKey,
  timeoutMs,
  log,
}: {
  baseUrl?: string;
  apiKey: string;
  timeoutMs: number;
  log?: FastifyBaseLogger;
}) {
  async function post(body: unknown): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const isLast = attempt >= 1;
      try {
        const response = await fetch(`${baseUrl}${SUGGEST_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${apiKey}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status < 500 || isLast) return response;
        await response.arrayBuffer();
        log?.warn({ status: response.status }, 'DaData failed, retrying');
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw new DadataError('timeout', `DaData не ответила за ${seconds(timeoutMs)} с`);
        }
        const code = (error as { cause?: { code?: string } }).cause?.code;
        log?.warn({ code, attempt }, 'DaData did not answer');
        if (isLast) throw new DadataError('unavailable', 'нет связи с DaData');
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }

  async function refusal(response: Response): Promise<DadataError> {
    const text = await response.text().catch(() => '');
    // DaData answers 403 both for a wrong key and for the free daily quota spent; only the text tells.
    if (response.status === 429 || (response.status === 403 && /disabled/i.test(text)))
      return new DadataError('limit', 'исчерпан дневной лимит DaData');
    if (response.status === 401 || response.status === 403) return new DadataError('key_rejected', 'ключ DaData не принят');
    return new DadataError(response.status >= 500 ? 'unavailable' : 'bad_answer', `DaData ответила HTTP ${response.status}`);
  }

  return {
    async suggestAddress(query: string, { count = 10 }: { count?: number } = {}): Promise<AddressSuggestion[]> {
      // An empty query would spend a request of the daily quota on nothing.
      if (query.trim() === '') return [];
      const limited = Math.min(MAX_COUNT, Math.max(1, Math.trunc(count)));
      const response = await post({ query, count: limited, language: 'ru' });
      if (!response.ok) {
        const error = await refusal(response);
        log?.warn({ status: response.status, kind: error.kind }, 'DaData refused');
        throw error;
      }
      let answer: { suggestions?: unknown };
      try {
        answer = (await response.json()) as { suggestions?: unknown };
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new DadataError('timeout', `DaData не ответила за ${seconds(timeoutMs)} с`);
        throw new DadataError('bad_answer', 'DaData вернула непонятный ответ');
      }
      if (!Array.isArray(answer?.suggestions)) throw new DadataError('bad_answer', 'DaData вернула непонятный ответ');
      return (answer.suggestions as RawSuggestion[]).filter((raw) => typeof raw === 'object' && raw !== null).map(toSuggestion);
    },
  };
}
