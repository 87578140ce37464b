import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotConnection } from '../../src/areas/telegram/bot-connection.js';
import { createPictures } from '../../src/areas/telegram/pictures.js';
import { createSender } from '../../src/areas/telegram/sender.js';
import { rowsOf } from '../../src/db/client.js';
import { TelegramApiError } from '../../src/integrations/telegram/bot-api-client.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A sender whose Telegram fails every sendMessage with the given error, counting the attempts. */
function senderFailingWith(error: TelegramApiError) {
  const attempts = { count: 0 };
  const api = {
    sendMessage: () => {
      attempts.count += 1;
      return Promise.reject(error);
    },
  };
  const connection = { isEmulated: true, api: () => Promise.resolve(api) } as unknown as BotConnection;
  const sender = createSender({
    db: ctx.database.db,
    connection,
    messenger: ctx.app.areas.messaging.messenger,
    pictures: createPictures({ db: ctx.database.db, storage: ctx.app.storage }),
    log: ctx.app.log,
    options: { perSecond: 1000 },
  });
  return { sender, attempts };
}

async function queueReply(chatId: string): Promise<number> {
  const result = await ctx.database.db.execute(sql`
    insert into telegram_messages (chat_id, purpose, priority, html) values (${chatId}, 'reply', 0, 'Проверка') returning id`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

async function statusOf(id: number): Promise<{ status: string; attempts: number }> {
  const result = await ctx.database.db.execute(sql`select status, attempts from telegram_messages where id = ${id}`);
  return rowsOf<{ status: string; attempts: number }>(result)[0]!;
}

describe('a request whose answer never came', () => {
  it('is not sent again when it may have reached Telegram (a timeout): it is unconfirmed', async () => {
    const id = await queueReply('7000000001');
    const { sender, attempts } = senderFailingWith(new TelegramApiError('sendMessage', 0, 'no answer within 30 s'));
    await sender.drain(5000);
    expect(attempts.count).toBe(1);
    expect(await statusOf(id)).toEqual({ status: 'unconfirmed', attempts: 1 });
  });

  it('is sent again when no connection was ever made', async () => {
    const id = await queueReply('7000000002');
    const { sender, attempts } = senderFailingWith(new TelegramApiError('sendMessage', 0, 'network error (ECONNREFUSED)'));
    await expect(sender.drain(1500)).rejects.toThrow(/did not drain/);
    expect(attempts.count).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toMatchObject({ status: 'pending' });
    await ctx.database.db.execute(sql`update telegram_messages set status = 'failed' where id = ${id}`);
  });
});
