import type { EndpointDef } from '@vmeste/contract';
import type { InjectOptions } from 'fastify';
import { multipart, NIL_UUID } from '../fixtures/requests.js';
import { asUrlValues, exampleOf } from './schema-example.js';

/** Put in every hostile text: an error message that contains it repeats the input back. */
export const ECHO = 'ЭХОЭХО';
const HUGE = ECHO + 'я'.repeat(100_000);
const DEEP_JSON = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const BAD_DATES = ['0000-01-01', '9999-12-31', '2026-02-30'];
const HUGE_NUMBERS = [2_147_483_648, -2_147_483_649, 1e300];
/** Per-field mutations look at this many leaves at most, so a wide body does not multiply the run. */
const MAX_LEAVES = 6;

type Query = Record<string, string | string[]>;
type File = { content: Buffer | string; filename: string; type: string; field?: string };

/** One request, before it is turned into an inject call: params already encoded, so a mutation may break them. */
export type Shot = {
  label: string;
  params: Record<string, string>;
  query: Query;
  body?: unknown;
  raw?: { payload: string | Buffer; contentType?: string };
  file?: File | null;
  /** Appended to the query as it is, unencoded. */
  rawQuery?: string;
};

export type Base = { params: Record<string, string>; query: Record<string, string>; body: unknown; isValid: boolean };

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Rows that exist, so a shot gets past «not found» into the work: ids by field name (`purchaseId`) and
 * by path (`/orders/:id`).
 */
export type KnownIds = { byField: Record<string, string>; byPath: [RegExp, string][] };

/** Every uuid field named in `byField` gets the row's id instead of the nil one. */
function withKnownIds(value: unknown, ids: KnownIds, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withKnownIds(v, ids, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withKnownIds(v, ids, k)]));
  return value === NIL_UUID && key && ids.byField[key] ? ids.byField[key] : value;
}

/** A request the contract would accept, as far as the schemas tell (`isValid` says whether they do). */
export function baseOf(def: EndpointDef, ids: KnownIds = { byField: {}, byPath: [] }): Base {
  const paramNames = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = def.params ? asUrlValues(exampleOf(def.params)) : {};
  const known = ids.byPath.find(([pattern]) => pattern.test(def.path))?.[1];
  for (const name of paramNames) params[name] ??= NIL_UUID;
  if (known && params.id === NIL_UUID) params.id = known;
  // Path parameters that are not uuids: a sandbox payment's id, a cover's file name.
  for (const name of paramNames) {
    for (const other of [`sb_${NIL_UUID}`, `${NIL_UUID}.webp`]) {
      if (def.params && !def.params.safeParse(params).success) {
        const tried = { ...params, [name]: other };
        if (def.params.safeParse(tried).success) params[name] = other;
      }
    }
  }
  const query = def.query ? asUrlValues(withKnownIds(exampleOf(def.query), ids)) : {};
  const body = def.body ? withKnownIds(exampleOf(def.body), ids) : undefined;
  const isValid =
    (!def.params || def.params.safeParse(params).success) &&
    (!def.query || def.query.safeParse(query).success) &&
    (!def.body || def.body.safeParse(body).success);
  return { params, query, body, isValid };
}

type Leaf = { path: (string | number)[]; value: unknown };

function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leavesOf(v, [...path, k]));
  return [{ path, value }];
}

function withLeaf(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!], rest, value);
  return copy;
}

/** Every leaf of a value replaced by what `replace` makes of it. */
function mapLeaves(value: unknown, replace: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, replace));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, replace)]));
  return replace(value);
}

const encodeAll = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]));
const withNul = (leaf: unknown) => (typeof leaf === 'string' ? `${leaf}\u0000${ECHO}` : leaf);

/**
 * The hostile requests of one endpoint: wrong types, NUL in every text, huge strings and numbers,
 * dates out of range, broken path segments, deep JSON, empty and wrong bodies, hostile uploads.
 */
export function hostileShotsOf(def: EndpointDef, base: Base): Shot[] {
  const params = encodeAll(base.params);
  const file: File | undefined = def.file ? { content: PNG_1X1, filename: 'fuzz.png', type: 'image/png' } : undefined;
  const shot = (label: string, parts: Partial<Shot>): Shot => ({ label, params, query: base.query, body: base.body, file, ...parts });
  const shots: Shot[] = [shot('the base request', {})];

  shots.push(
    shot('NUL in every text', {
      params: encodeAll(mapLeaves(base.params, withNul) as Record<string, string>),
      query: mapLeaves(base.query, withNul) as Query,
      body: mapLeaves(base.body, withNul),
      ...(file ? { file: { ...file, filename: `fuzz\u0000${ECHO}.png` } } : {}),
    }),
  );

  for (const [name, value] of Object.entries(base.params)) {
    for (const [label, raw] of [
      ['invalid UTF-8', '%FF%FE'],
      ['broken percent-encoding', '%E0%A4%A'],
      ['NUL', '%00'],
      ['a huge segment', encodeURIComponent(HUGE.slice(0, 5000))],
      ['an upper-case uuid', encodeURIComponent(value.toUpperCase())],
      ['a climb', '..%2F..%2Fetc%2Fpasswd'],
    ] as const) {
      shots.push(shot(`path :${name}: ${label}`, { params: { ...params, [name]: raw } }));
    }
  }

  shots.push(shot('a query with broken percent-encoding', { rawQuery: `${Object.keys(base.query)[0] ?? 'x'}=%E0%A4%A%FF` }));
  const queryKeys = Object.keys(base.query).slice(0, MAX_LEAVES);
  for (const key of queryKeys) {
    for (const [label, value] of [
      ['huge', HUGE.slice(0, 5000)],
      ['a huge number', '2147483648'],
      ['a date far out', '9999-12-31'],
      ['a year zero', '0000-01-01'],
      ['twice', [ECHO, ECHO]],
    ] as [string, string | string[]][]) {
      shots.push(shot(`query ${key}: ${label}`, { query: { ...base.query, [key]: value } }));
    }
  }

  if (def.body) {
    shots.push(
      shot('a JSON string for the body', { body: ECHO }),
      shot('a JSON array for the body', { body: [ECHO] }),
      shot('objects for every leaf', { body: mapLeaves(base.body, () => ({ [ECHO]: ECHO })) }),
      shot('numbers for texts, texts for numbers', {
        body: mapLeaves(base.body, (leaf) => (typeof leaf === 'string' ? 12345 : typeof leaf === 'number' ? ECHO : [ECHO])),
      }),
      shot('huge texts', { body: mapLeaves(base.body, (leaf) => (typeof leaf === 'string' ? HUGE : leaf)) }),
      shot('JSON nested 10 000 levels', { raw: { payload: DEEP_JSON, contentType: 'application/json' } }),
      shot('an empty JSON body', { raw: { payload: '', contentType: 'application/json' } }),
      shot('broken JSON', { raw: { payload: `{"${ECHO}":`, contentType: 'application/json' } }),
      shot('a text body', { raw: { payload: ECHO, contentType: 'text/plain' } }),
      shot('an XML body', { raw: { payload: `<a>${ECHO}</a>`, contentType: 'application/xml' } }),
      shot('a form body', { raw: { payload: `a=${ECHO}`, contentType: 'application/x-www-form-urlencoded' } }),
      shot('no body at all', { body: undefined }),
    );
    const leaves = leavesOf(base.body);
    for (const leaf of leaves.filter((l) => typeof l.value === 'number').slice(0, MAX_LEAVES)) {
      for (const n of HUGE_NUMBERS) shots.push(shot(`body ${leaf.path.join('.')} = ${n}`, { body: withLeaf(base.body, leaf.path, n) }));
    }
    for (const leaf of leaves.filter((l) => typeof l.value === 'string' && DATE_LIKE.test(l.value)).slice(0, MAX_LEAVES)) {
      for (const day of BAD_DATES) {
        const value = `${day}${(leaf.value as string).slice(10)}`;
        shots.push(shot(`body ${leaf.path.join('.')} = ${value}`, { body: withLeaf(base.body, leaf.path, value) }));
      }
    }
    for (const leaf of leaves.filter((l) => typeof l.value === 'string').slice(0, MAX_LEAVES)) {
      shots.push(shot(`body ${leaf.path.join('.')} huge`, { body: withLeaf(base.body, leaf.path, HUGE) }));
    }
  } else if (def.method !== 'GET' && !def.file) {
    shots.push(
      shot('an unexpected JSON body', { body: { [ECHO]: ECHO } }),
      shot('a text body', { raw: { payload: ECHO, contentType: 'text/plain' } }),
    );
  }

  if (file) {
    shots.push(
      shot('an empty file', { file: { ...file, content: Buffer.alloc(0) } }),
      shot('a zip-looking junk file', { file: { ...file, content: Buffer.from(`PK\u0003\u0004${ECHO}`), filename: 'fuzz.xlsx' } }),
      shot('a text file called an image', { file: { ...file, content: `"${ECHO};1\n`, filename: 'fuzz.csv', type: 'text/csv' } }),
      shot('the file in another field', { file: { ...file, field: ECHO } }),
      shot('no file, a JSON body', { file: null, body: { [ECHO]: ECHO } }),
      shot('a broken multipart body', { file: null, raw: { payload: `--x\r\n${ECHO}`, contentType: 'multipart/form-data; boundary=x' } }),
    );
  }
  return shots;
}

/** The inject call of a shot. */
export function injectOf(def: EndpointDef, shot: Shot, headers: Record<string, string>): InjectOptions {
  const path = def.path.replace(/:(\w+)/g, (_, key: string) => shot.params[key] ?? '');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(shot.query)) for (const v of [value].flat()) search.append(key, v);
  const query = [search.toString(), shot.rawQuery ?? ''].filter(Boolean).join('&');
  const request: InjectOptions = { method: def.method, url: `/api${path}${query ? `?${query}` : ''}`, headers: { ...headers } };
  if (shot.raw) {
    request.payload = shot.raw.payload;
    if (shot.raw.contentType) request.headers = { ...request.headers, 'content-type': shot.raw.contentType };
  } else if (shot.file) {
    const form = multipart(shot.file.field ?? 'file', shot.file.content, shot.file.filename, shot.file.type);
    request.payload = form.payload;
    request.headers = { ...request.headers, ...form.headers };
  } else if (shot.body !== undefined) {
    request.payload = JSON.stringify(shot.body);
    request.headers = { ...request.headers, 'content-type': 'application/json' };
  }
  return request;
}
