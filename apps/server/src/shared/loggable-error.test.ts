import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers } from './loggable-error.js';

/** A failed insert as the database driver and Drizzle report it, with a phone, an e-mail and a hash in it. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_unique"'), {
    code: '23505',
    constraint: 'users_phone_unique',
    table: 'users',
    detail: 'Key (phone)=(79005550101) already exists.',
  });
  return new DrizzleQueryError(
    'insert into "users" ("phone", "email", "password_hash") values ($1, $2, $3)',
    ['79005550101', 'a@b.ru', '$argon2id$HASH'],
    cause,
  );
}

/** What the app's logger (Fastify's, with the app's serializers) writes. */
function logOf(write: (log: FastifyBaseLogger) => void): string {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  write(Fastify({ logger: { level: 'error', stream, serializers: logSerializers } }).log);
  return lines.join('');
}

describe("the logger's error serializer", () => {
  it('keeps the code, the constraint and the query, never the parameters or the detail', () => {
    const logged = logOf((log) => log.error({ err: failedInsert(), job: 'x' }, 'background job failed'));
    expect(logged).toContain('23505');
    expect(logged).toContain('users_phone_unique');
    expect(logged).toContain('insert into \\"users\\"');
    for (const secret of ['79005550101', 'a@b.ru', 'argon2id', 'HASH']) expect(logged).not.toContain(secret);
  });

  it('cuts a value the database quotes after a colon', () => {
    const error = new Error('invalid input syntax for type uuid: "reset-token-123"');
    expect(logOf((log) => log.error({ err: error }, 'failed'))).not.toContain('reset-token-123');
  });
});
