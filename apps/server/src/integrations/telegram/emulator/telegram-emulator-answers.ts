export type BotApiAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** Thrown by a method's handler; the dispatcher turns it into Telegram's `ok:false` answer. */
export class BotApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly retryAfter: number | null = null,
  ) {
    super(description);
  }
}

export function okAnswer(result: unknown, description?: string): BotApiAnswer {
  return { status: 200, body: { ok: true, result, ...(description && { description }) } };
}

/** Telegram's HTTP status is the error_code; a 429 also names its wait in a header. */
export function refusalAnswer(refusal: BotApiRefusal): BotApiAnswer {
  const { status, description, retryAfter } = refusal;
  return {
    status,
    body: { ok: false, error_code: status, description, ...(retryAfter !== null && { parameters: { retry_after: retryAfter } }) },
    ...(retryAfter !== null && { headers: { 'retry-after': String(retryAfter) } }),
  };
}

export function badRequest(what: string): BotApiRefusal {
  return new BotApiRefusal(400, `Bad Request: ${what}`);
}

export function tooManyRequests(retryAfter: number): BotApiRefusal {
  return new BotApiRefusal(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
}
