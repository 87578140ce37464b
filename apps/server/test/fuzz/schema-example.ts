import type { z } from 'zod';
import { demoPhones } from '../fixtures/demo-accounts.js';
import { NIL_UUID } from '../fixtures/requests.js';

/**
 * A plausible value for a zod schema of the contract, read from the schema itself, so the fuzz test
 * reaches the handlers of every endpoint (present and future) without a table of sample bodies. Best
 * effort: a field whose pattern cannot be guessed takes a hint by its name, and the fuzz test says
 * how many endpoints ended up with a valid base.
 */
const hintsByName: Record<string, unknown> = {
  phone: demoPhones.client,
  sbpPhone: demoPhones.client,
  pageSize: 25,
  toSubscribers: true,
  repeatUntil: null,
  sendAt: '2030-01-15T10:00',
  cityCode: '68',
  phoneLast4: '0004',
  code: '000000',
  password: 'fuzz-pass-123',
  currentPassword: 'fuzz-pass-123',
  newPassword: 'fuzz-pass-456',
  number: '4111111111111111',
  email: 'fuzz@example.ru',
  text: 'Проверка',
  ids: NIL_UUID,
};

type Def = {
  type: string;
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean } } }[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
};

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function checksOf(def: Def) {
  return (def.checks ?? []).map((c) => c._zod.def);
}

function stringExample(def: Def): string {
  switch (def.format) {
    case 'uuid':
    case 'guid':
      return NIL_UUID;
    case 'email':
      return 'fuzz@example.ru';
    case 'date':
      return '2030-01-15';
    case 'datetime':
      return '2030-01-15T10:00:00Z';
    case 'url':
      return 'https://example.ru/';
  }
  let min = 0;
  let max = Infinity;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum ?? 0;
    if (check.check === 'max_length') max = check.maximum ?? Infinity;
  }
  return 'Проверка'.padEnd(min, 'а').slice(0, Math.max(min, Math.min(max, 8)));
}

function numberExample(def: Def): number {
  let value = 1;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && value <= (check.value ?? 0)) value = Math.ceil(check.value ?? 0) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than' && value >= (check.value ?? 0)) value = Math.floor(check.value ?? 0) - (check.inclusive ? 0 : 1);
  }
  return value;
}

export function exampleOf(schema: z.ZodType, name?: string, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return undefined;
  if (name && name in hintsByName && def.type !== 'object' && def.type !== 'array') return hintsByName[name];
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(def.innerType!, name, depth + 1);
    case 'pipe':
      return exampleOf(def.in!, name, depth + 1);
    case 'lazy':
      return exampleOf(def.getter!(), name, depth + 1);
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape!)
          .map(([key, field]) => [key, exampleOf(field, key, depth + 1)] as const)
          .filter(([, value]) => value !== undefined),
      );
    case 'array': {
      const min = checksOf(def).find((c) => c.check === 'min_length')?.minimum ?? 1;
      return Array.from({ length: Math.max(1, min) }, () => exampleOf(def.element!, name, depth + 1));
    }
    case 'tuple':
      return def.items!.map((item) => exampleOf(item, name, depth + 1));
    case 'string':
      return stringExample(def);
    case 'number':
      return numberExample(def);
    case 'bigint':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'union':
      return exampleOf(def.options![0]!, name, depth + 1);
    case 'intersection':
      return { ...(exampleOf(def.left!, name, depth + 1) as object), ...(exampleOf(def.right!, name, depth + 1) as object) };
    case 'record':
      return {};
    case 'date':
      return '2030-01-15T10:00:00Z';
    default:
      return 'Проверка';
  }
}

/** A query or path object as the URL carries it: every value a string. */
export function asUrlValues(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** The words of a schema's field names and of the values its enums and literals take, lower-case. */
export function addVocabulary(schema: z.ZodType, words: Set<string>, seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  const add = (text: unknown) => {
    for (const word of String(text).split(/[^A-Za-z]+/)) if (word) words.add(word.toLowerCase());
  };
  Object.values(def.entries ?? {}).forEach(add);
  (def.values ?? []).forEach(add);
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    add(key);
    addVocabulary(field, words, seen);
  }
  for (const inner of [def.innerType, def.in, def.element, def.left, def.right, ...(def.options ?? []), ...(def.items ?? [])]) {
    if (inner) addVocabulary(inner, words, seen);
  }
  const out = (schema._zod.def as { out?: z.ZodType }).out;
  if (out) addVocabulary(out, words, seen);
}
