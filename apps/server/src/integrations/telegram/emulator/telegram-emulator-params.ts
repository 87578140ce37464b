import type http from 'node:http';
import { badRequest } from './telegram-emulator-answers.js';

export type BotApiParams = ReturnType<typeof paramsOf>;

/** Sentinel for a JSON-typed parameter whose text does not parse. */
export const unreadable = Symbol('unreadable JSON');

const MAX_BODY_BYTES = 50 * 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => (size > MAX_BODY_BYTES ? reject(badRequest('request is too big')) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/**
 * Typed reads over parameters that may come as JSON values or, from a query, a form or multipart,
 * as strings (objects then JSON-encoded), the way Telegram reads them.
 */
function paramsOf(values: Map<string, unknown>) {
  function text(name: string): string | undefined {
    const value = values.get(name);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }
  return {
    has: (name: string) => values.has(name),
    text,
    integer(name: string): number | undefined {
      const raw = text(name)?.trim();
      return raw !== undefined && /^-?\d+$/.test(raw) ? Number(raw) : undefined;
    },
    flag(name: string): boolean {
      const raw = text(name)?.toLowerCase();
      return raw === 'true' || raw === '1';
    },
    json(name: string): unknown {
      const value = values.get(name);
      if (typeof value !== 'string') return value instanceof Blob ? unreadable : value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return unreadable;
      }
    },
    file(name: string): File | undefined {
      const value = values.get(name);
      return value instanceof File ? value : undefined;
    },
  };
}

/** The query's parameters, then the body's over them, whatever the body's format. */
export async function readParams(req: http.IncomingMessage, url: URL): Promise<BotApiParams> {
  const values = new Map<string, unknown>(url.searchParams);
  const body = await readBody(req);
  const contentType = req.headers['content-type'] ?? '';
  if (body.length === 0) return paramsOf(values);
  if (/^application\/json/i.test(contentType)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest("can't parse JSON object");
    for (const [name, value] of Object.entries(parsed)) values.set(name, value);
  } else if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest("can't parse multipart/form-data request");
    }
    for (const [name, value] of form) values.set(name, value);
  } else {
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) values.set(name, value);
  }
  return paramsOf(values);
}
