import { endpoints } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createMessenger, outboxLineOf } from '../../src/areas/messaging/messenger.js';
import { loadConfig } from '../../src/config.js';
import { outboxMessages } from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { newPhone, signupBody } from '../fixtures/accounts-kit.js';
import { callUnchecked } from '../fixtures/requests.js';

/** Without an SMS gateway, whoever runs the shop reads codes and links on the console, one Russian line each. */

const silentLog = (level?: string) =>
  ({
    level,
    fatal() {},
    error() {},
    warn() {},
    info() {},
    debug() {},
    trace() {},
    child: () => silentLog(level),
  }) as unknown as FastifyBaseLogger;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the outbox line', () => {
  it('is one line: the phone as people write it, then the text', () => {
    expect(outboxLineOf({ phone: '79000000004', text: 'Вместе: код подтверждения 123456. Никому его не сообщайте.' })).toBe(
      'СМС на +7 (900) 000-00-04: Вместе: код подтверждения 123456. Никому его не сообщайте.',
    );
    expect(outboxLineOf({ phone: '79000000004', text: 'первая строка\nвторая  строка\n' })).toBe(
      'СМС на +7 (900) 000-00-04: первая строка вторая строка',
    );
  });

  it('is printed for every message the outbox takes, and the message is stored as before', async () => {
    const lines: string[] = [];
    const messenger = createMessenger({ db: ctx.database.db, sms: null, log: silentLog('info'), print: (line) => lines.push(line) });
    const phone = newPhone();
    expect(
      await messenger.send({
        phone,
        kind: 'password_reset',
        text: 'Вместе: ссылка http://localhost:3000/reset-password/abc',
        secret: 'abc',
      }),
    ).toBe(true);
    expect(lines).toEqual([
      expect.stringMatching(/^СМС на \+7 \(912\) [\d-]+: Вместе: ссылка http:\/\/localhost:3000\/reset-password\/abc$/),
    ]);
    const [stored] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.phone, phone));
    expect(stored).toMatchObject({ channel: 'outbox', status: 'logged', text: 'Вместе: ссылка http://localhost:3000/reset-password/abc' });
  });

  it('goes to standard output while the log is on, and nowhere when it is silent or absent', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    for (const level of ['info', 'warn', 'silent', undefined]) {
      const messenger = createMessenger({ db: ctx.database.db, sms: null, log: silentLog(level) });
      await messenger.send({ phone: '79000000004', kind: 'activation_code', text: `Код для ${level ?? 'нет журнала'}`, secret: '' });
    }
    const printed = write.mock.calls.map(([chunk]) => String(chunk));
    expect(printed).toEqual(['СМС на +7 (900) 000-00-04: Код для info\n', 'СМС на +7 (900) 000-00-04: Код для warn\n']);
  });
});

describe('a shop started without an SMS gateway', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A real logger, as `npm start` has, quiet enough to keep the test output clean.
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: ':memory:', JOBS_ENABLED: 'false' });
    app = await buildApp(config);
    await app.ready();
  });
  afterAll(() => app.close());

  it('prints the activation code of a new sign-up to the console', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const phone = newPhone();
    const signup = await callUnchecked(app, endpoints.auth.signUp, { body: signupBody(phone) });
    const printed = write.mock.calls.map(([chunk]) => String(chunk)).filter((line) => line.startsWith('СМС на'));
    write.mockRestore();
    expect(signup.statusCode).toBe(200);
    expect(printed).toEqual([
      expect.stringMatching(/^СМС на \+7 \(912\) \d{3}-\d{2}-\d{2}: Вместе: код подтверждения \d{6}\. Никому его не сообщайте\.\n$/),
    ]);
  });
});
