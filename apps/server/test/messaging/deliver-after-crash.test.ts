import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Message } from '../../src/areas/messaging/index.js';
import { outboxMessages } from '../../src/tables.js';
import { startSmsRuEmulator } from '../../src/integrations/sms/emulator/smsru-emulator.js';
import { newPhone } from '../fixtures/accounts-kit.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';

/**
 * A message is written in the transaction of the change it tells about and delivered by the
 * `messaging.deliver` job (decision 027): a process stopped right after the commit loses nothing, the
 * next instance delivers it once; instances delivering at once never send a message twice; a change
 * rolled back sends nothing. Sends are counted at the SMS gateway's emulator.
 */

let emulator: Awaited<ReturnType<typeof startSmsRuEmulator>>;
let ctx: TestContext;
let smsEnv: Record<string, string>;

beforeAll(async () => {
  emulator = await startSmsRuEmulator();
  smsEnv = { SMS_PROVIDER: 'smsru', SMS_RU_API_ID: 'shop-key', SMS_RU_BASE_URL: emulator.baseUrl };
  ctx = await createTestApp(smsEnv);
});
afterAll(async () => {
  await ctx.close();
  await emulator.close();
});

let sequence = 0;
function messageTo(phone: string): Message {
  sequence += 1;
  return { phone, kind: 'goods_arrived', text: `Вместе: товар поступил, проверка ${sequence}-${phone}`, secret: '' };
}

const sendsOf = (text: string) => emulator.received.filter((sms) => sms.msg === text).length;

async function rowsOf(app: FastifyInstance, ids: string[]) {
  return app.database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
}

describe('a message written in a committed transaction', () => {
  it('survives the process stopping before delivery and is delivered once by the next instance', async () => {
    const first = await buildApp(ctx.config, { database: ctx.database, logger: false });
    await first.ready();
    const message = messageTo(newPhone());
    const id = await ctx.database.db.transaction((tx) => first.areas.messaging.messenger.notify(tx, message));
    // The kill: the instance is gone after the commit and before any delivery ran.
    await first.close();
    expect(sendsOf(message.text)).toBe(0);
    expect((await rowsOf(ctx.app, [id]))[0]).toMatchObject({ status: 'queued', channel: null });

    const next = await buildApp(ctx.config, { database: ctx.database, logger: false });
    await next.ready();
    try {
      await next.jobs.makeDue('messaging.deliver');
      expect(await next.jobs.runDue()).toContain('messaging.deliver');
      expect(sendsOf(message.text)).toBe(1);
      expect((await rowsOf(ctx.app, [id]))[0]).toMatchObject({ status: 'sent', channel: 'sms', attempts: 1, secret: null });

      // Later turns, here and in the other instance, find nothing more to send.
      await next.jobs.makeDue('messaging.deliver');
      await next.jobs.runDue();
      await ctx.app.areas.messaging.messenger.deliverDue();
      expect(sendsOf(message.text)).toBe(1);
    } finally {
      await next.close();
    }
  });

  it.skipIf(!isPostgresRun)(
    'survives its process killed right after the commit and arrives once (PostgreSQL)',
    async () => {
      const child = fork(fileURLToPath(new URL('./commit-then-die.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          ...smsEnv,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATA_DIR: ':memory:',
          DATABASE_URL: ctx.config.databaseUrl!,
          // Its background work on (the nudge after each notify), the job's first turn an hour away.
          JOBS_ENABLED: 'true',
          JOBS_POLL_SECONDS: '3600',
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`the instance exited with ${code} before it was ready`)));
      });
      const message = messageTo(newPhone());
      child.send(message);
      expect(await exited).toBe('SIGKILL');
      const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.phone, message.phone));
      expect(row).toMatchObject({ status: 'queued', text: message.text });
      expect(sendsOf(message.text)).toBe(0);

      await ctx.app.jobs.makeDue('messaging.deliver');
      expect(await ctx.app.jobs.runDue()).toContain('messaging.deliver');
      await ctx.app.areas.messaging.messenger.deliverDue();
      expect(sendsOf(message.text)).toBe(1);
    },
    60_000,
  );

  it('is sent nowhere when the transaction rolls back', async () => {
    const message = messageTo(newPhone());
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await ctx.app.areas.messaging.messenger.notify(tx, message);
        throw new Error('the change is refused');
      }),
    ).rejects.toThrow('the change is refused');
    await ctx.app.areas.messaging.messenger.deliverDue();
    expect(sendsOf(message.text)).toBe(0);
    expect(await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.phone, message.phone))).toEqual([]);
  });

  it('left `sending` by a stopped instance is recorded as failed and not sent again (the gateway may have sent it)', async () => {
    const message = {
      ...messageTo(newPhone()),
      kind: 'activation_code' as const,
      text: 'Вместе: код подтверждения 424242.',
      secret: '424242',
    };
    const id = await ctx.database.db.transaction((tx) => ctx.app.areas.messaging.messenger.notify(tx, message));
    await ctx.database.db
      .update(outboxMessages)
      .set({ status: 'sending', channel: 'sms', attempts: 1, claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.id, id));
    expect(await ctx.app.areas.messaging.messenger.expireLeases()).toBe(1);
    await ctx.app.areas.messaging.messenger.deliverDue();
    expect(sendsOf(message.text)).toBe(0);
    const [row] = await rowsOf(ctx.app, [id]);
    expect(row).toMatchObject({ status: 'failed', secret: null, text: 'Вместе: код подтверждения •••.' });
  });
});

describe('right after the commit', () => {
  it('a started instance delivers a notice by itself, without waiting for the job', async () => {
    const messenger = ctx.app.areas.messaging.messenger;
    messenger.start();
    try {
      const message = messageTo(newPhone());
      await ctx.database.db.transaction((tx) => messenger.notify(tx, message));
      await expect.poll(() => sendsOf(message.text), { timeout: 5_000, interval: 50 }).toBe(1);
    } finally {
      await messenger.stop();
    }
  });

  it('a code its request delivers is left to that request, and to the job only if the request stopped', async () => {
    const messenger = ctx.app.areas.messaging.messenger;
    const message = { ...messageTo(newPhone()), kind: 'activation_code' as const };
    const id = await ctx.database.db.transaction((tx) => messenger.notify(tx, message, { deliveredByCaller: true }));
    await messenger.deliverDue();
    expect(sendsOf(message.text)).toBe(0);
    expect(await messenger.deliverNow([id])).toBe(true);
    expect(sendsOf(message.text)).toBe(1);
    expect(await messenger.deliverNow([id])).toBe(true);
    expect(sendsOf(message.text)).toBe(1);
  });
});

describe('deliveries running at once', () => {
  it('send each message once', async () => {
    // Two instances on PostgreSQL; PGlite has one connection, so there the same instance runs twice at once.
    const second = isPostgresRun ? await createTestApp(smsEnv, { sameDatabaseAs: ctx }) : null;
    try {
      const phone = newPhone();
      const messages = Array.from({ length: 120 }, () => messageTo(phone));
      const ids = await ctx.database.db.transaction(async (tx) => {
        const written: string[] = [];
        for (const message of messages) written.push(await ctx.app.areas.messaging.messenger.notify(tx, message));
        return written;
      });
      const one = ctx.app.areas.messaging.messenger;
      const other = (second?.app ?? ctx.app).areas.messaging.messenger;
      await Promise.all([one.deliverDue(), other.deliverDue(), other.deliverNow(ids.slice(0, 40)), one.deliverDue()]);
      await one.deliverDue();

      expect(messages.map((message) => sendsOf(message.text))).toEqual(messages.map(() => 1));
      const rows = await rowsOf(ctx.app, ids);
      expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
    } finally {
      await second?.close();
    }
  });
});
