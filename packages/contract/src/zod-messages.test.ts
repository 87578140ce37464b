import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-messages.js';

const LATIN_WORD = /[A-Za-z]{4,}/;

function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!.message;
}

describe("zod's own messages", () => {
  it.each([
    ['a string for an object', z.object({ a: z.string() }), 'hostile-input'],
    ['a number for a string', z.string(), 12345],
    ['an object for a number', z.number(), { hostile: 'input' }],
    ['a missing field', z.object({ a: z.string() }), {}],
    ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', hostileKey: 1 }],
    ['an enum', z.enum(['pay', 'abandon']), 'hostile-input'],
    ['a literal', z.literal('notification'), 'hostile-input'],
    ['a long string', z.string().max(3), 'hostile-input'],
    ['a big number', z.number().int(), 1e300],
    ['a regex', z.string().regex(/^\d+$/), 'hostile-input'],
    ['a uuid', z.uuid(), 'hostile-input'],
    ['an email', z.email(), 'hostile-input'],
    ['a union', z.union([z.number(), z.boolean()]), 'hostile-input'],
  ])('%s: Russian, without quoting the value or naming types in English', (_name, schema, value) => {
    const message = messageOf(schema, value);
    expect(message).toMatch(/[А-Яа-яЁё]/);
    expect(message).not.toMatch(LATIN_WORD);
    expect(message).not.toContain('hostile');
  });

  it('leave the messages a schema words itself', () => {
    expect(messageOf(z.string({ error: 'Укажите имя' }), 1)).toBe('Укажите имя');
  });
});
