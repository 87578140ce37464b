import { endpoints } from '@vmeste/contract';
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTelegramBotApi } from '../../src/integrations/telegram/bot-api-client.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../src/integrations/telegram/emulator/telegram-emulator.js';
import { createTestApp, isPostgresRun, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { call } from '../fixtures/requests.js';

const SUBSCRIBERS = 5000;
const TOKEN = '424242:EXACTLY-ONCE-TEST-TOKEN-abcdefgh';

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two instances send one post to 5,000 subscribers; one of them is killed (SIGKILL) in the middle of
 * it, while requests of its are in flight. Every subscriber must get the post exactly once: the dead
 * instance's claimed messages are neither lost (they reached Telegram before it died) nor sent again
 * by the survivor (docs/decisions/020).
 */
describe.skipIf(!isPostgresRun)('a post to 5,000 subscribers with two instances, one killed mid-way', () => {
  let emulator: TelegramEmulator;
  let ctx: TestContext;
  let child: ChildProcess | null = null;
  const chats: number[] = [];

  beforeAll(async () => {
    emulator = await startTelegramEmulator({ token: TOKEN });
    const env = {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_URL: emulator.url,
      TELEGRAM_UPDATES: 'polling',
      TELEGRAM_MESSAGES_PER_SECOND: '1000',
      TELEGRAM_LEASE_SECONDS: '3',
    };
    ctx = await createTestApp(env);

    // 5,000 people who pressed Start long ago: their chats exist, their /start updates are spent.
    let lastUpdate = 0;
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const user = emulator.addUser({ firstName: `Подписчик ${i}` });
      lastUpdate = emulator.pressStart(user.id);
      chats.push(user.id);
    }
    const api = createTelegramBotApi({ baseUrl: emulator.url, token: TOKEN, timeoutMs: 5000 });
    await api.getUpdates({ offset: lastUpdate + 1, timeoutSeconds: 0 });
    await ctx.database.db.execute(sql`
      insert into telegram_links (user_id, phone, chat_id)
      select gen_random_uuid(), '7999' || lpad(n::text, 7, '0'), (${sql.raw(`array[${chats.join(',')}]::bigint[]`)})[n]
      from generate_series(1, ${SUBSCRIBERS}) n`);

    // The other instance: the same database and Telegram, its background loops on.
    child = fork(fileURLToPath(new URL('./instance-process.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: ':memory:',
        DATABASE_URL: ctx.config.databaseUrl!,
        JOBS_ENABLED: 'true',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child!.once('message', () => resolve());
      child!.once('exit', (code) => reject(new Error(`the second instance exited with ${code}`)));
    });
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    emulator?.release();
    await ctx?.close();
    await emulator?.close();
  });

  it('every subscriber gets the post exactly once', async () => {
    const headers = await signInAs(ctx.app, 'admin');
    const created = await call(ctx.app, endpoints.telegram.createPost, {
      headers,
      body: { text: '<b>Новая закупка</b> открыта', sendAt: '2099-01-01T10:00', toSubscribers: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const postId = created.json<{ id: string }>().id;
    const sent = await call(ctx.app, endpoints.telegram.sendPostNow, { params: { id: postId }, headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ lastRun: { recipients: number } }>().lastRun.recipients).toBe(SUBSCRIBERS);

    const { sender } = ctx.app.areas.telegram;
    sender.start(100);
    try {
      // Both instances are sending; stop Telegram's answers, let the other instance's requests land, kill it.
      await waitFor(() => emulator.sent.length >= SUBSCRIBERS * 0.3, 60_000, 'a third of the post');
      emulator.hold();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child!.kill('SIGKILL');
      await exited;
      child = null;
      emulator.release();

      // The survivor sends the rest; the dead one's claims run out and are not sent again.
      const waiting = async () =>
        rowsOf<{ n: number }>(
          await ctx.database.db.execute(sql`select count(*)::int as n from telegram_messages where status in ('pending', 'sending')`),
        )[0]!.n;
      await waitFor(
        async () => {
          await sender.expireLeases();
          return (await waiting()) === 0;
        },
        120_000,
        'the queue to drain and the last leases to run out',
      );
    } finally {
      await sender.stop();
    }

    const perChat = new Map<string, number>();
    for (const send of emulator.sent) perChat.set(send.chatId, (perChat.get(send.chatId) ?? 0) + 1);
    const counts = chats.map((chat) => perChat.get(String(chat)) ?? 0);
    expect(counts.filter((n) => n === 0).length, 'subscribers who got nothing').toBe(0);
    expect(counts.filter((n) => n > 1).length, 'subscribers who got it twice').toBe(0);

    const outcome = rowsOf<{ status: string; n: number }>(
      await ctx.database.db.execute(sql`select status, count(*)::int as n from telegram_messages where purpose = 'post' group by status`),
    );
    const byStatus = Object.fromEntries(outcome.map((row) => [row.status, row.n]));
    // The killed instance's answers never came back: at most its requests in flight are unconfirmed.
    expect(byStatus.unconfirmed ?? 0).toBeLessThanOrEqual(8);
    expect((byStatus.sent ?? 0) + (byStatus.unconfirmed ?? 0)).toBe(SUBSCRIBERS);
    const claimers = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(distinct claimed_by)::int as n from telegram_messages where purpose = 'post'`),
    )[0]!.n;
    expect(claimers, 'both instances took part').toBe(2);
  }, 240_000);
});
