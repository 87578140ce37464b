/**
 * The Telegram area: people link the shop's bot to their accounts and get their notifications there
 * (the messenger's first channel, with SMS as the fallback), the bot confirms accounts by a shared
 * contact, and the admin schedules posts to the channel and to subscribers. Owns the tables
 * telegram_links, telegram_link_tokens, telegram_link_events, telegram_pictures, telegram_posts,
 * telegram_runs, telegram_messages, telegram_chat_pace, telegram_state and telegram_updates; serves
 * /telegram/*. Every message goes through one queue sent by all instances together within Telegram's
 * limits (docs/decisions/020).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { ServiceState } from '../../shared/service-state.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { AccountsArea } from '../accounts/index.js';
import type { Messenger } from '../messaging/index.js';
import { createBotConnection } from './bot-connection.js';
import { createBotUpdates } from './bot-updates.js';
import { createLinkingService } from './linking.service.js';
import { createNotificationsChannel } from './notifications-channel.js';
import { telegramWaiting } from './outgoing.repository.js';
import { createPictures } from './pictures.js';
import { createPostsService } from './posts.service.js';
import { createSender } from './sender.js';
import { createTelegramDemo } from './telegram-demo.js';
import { telegramJobs } from './telegram-jobs.js';
import { telegramRoutes } from './telegram.routes.js';
import { createUpdatePolling } from './update-polling.js';
import { createWebhookSecret } from './webhook-secret.js';

export function createTelegramArea({
  db,
  config,
  log,
  storage,
  accounts,
  messenger,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: FileStorage;
  accounts: AccountsArea;
  messenger: Messenger;
}) {
  const connection = createBotConnection({ config, log });
  const pictures = createPictures({ db, storage });
  const sender = createSender({
    db,
    connection,
    messenger,
    pictures,
    log,
    options: { perSecond: config.telegram.messagesPerSecond, leaseSeconds: config.telegram.leaseSeconds },
  });
  const wake = () => sender.wake();
  const updates = createBotUpdates({ db, accounts, siteUrl: config.publicUrl, wake, log });
  const webhookSecret = createWebhookSecret(db);
  const polling = createUpdatePolling({ db, connection, updates, log, instanceId: sender.instanceId });
  const linking = createLinkingService({ db, connection });
  const posts = createPostsService({ db, connection, pictures, wake });

  let webhookRetry: NodeJS.Timeout | null = null;

  /** The token and TELEGRAM_BOT_USERNAME must name one bot, or the deep links lead people to another. */
  async function checkBotName(): Promise<void> {
    try {
      const me = await (await connection.api()).getMe();
      if (me.username.toLowerCase() !== connection.botUsername.toLowerCase()) {
        log.error(
          { configured: connection.botUsername, actual: me.username },
          'the bot token belongs to another bot than TELEGRAM_BOT_USERNAME',
        );
      }
    } catch (error) {
      log.warn({ err: error }, 'Telegram is out of reach for now');
    }
  }
  // With Telegram off every message goes by SMS, as to a person who blocked the bot.
  if (!connection.isOff) {
    messenger.provideChannel(createNotificationsChannel({ isEmulated: connection.isEmulated, wake }));
  }

  return {
    routes: telegramRoutes({ db, connection, linking, updates, posts, pictures, webhookSecret }),
    jobs: connection.isOff ? [] : telegramJobs({ db, posts, sender }),
    connection,
    /** Messages waiting to be sent, for monitoring. */
    waiting: () => telegramWaiting(db),
    /** The secret Telegram must send to the webhook (tests post updates with it). */
    webhookSecret: () => webhookSecret.get(),
    /** For the start-up summary: which Telegram the shop talks to. */
    serviceState(): ServiceState {
      const service = 'Telegram';
      const bot = `бот @${connection.botUsername}`;
      switch (connection.mode) {
        case 'webhook':
          return { service, mode: 'real', detail: `${bot}, обновления по вебхуку ${connection.webhookUrl}` };
        case 'polling':
          return { service, mode: 'real', detail: `${bot}, обновления опросом (getUpdates)` };
        case 'emulator':
          return { service, mode: 'emulated', detail: 'чат на /telegram-emulator/ открывается только с этого компьютера' };
        case 'off':
          return { service, mode: 'off', detail: 'нет TELEGRAM_BOT_TOKEN: уведомления уходят по СМС' };
      }
    },
    /** Tests drive the queue and the updates themselves when background work is off. */
    sender,
    polling,
    posts,
    /** The seed's linked chats and posts (telegram-demo.ts). */
    demo: createTelegramDemo({ db, accounts, posts }),
    /**
     * Starts sending and, without a webhook, polling; with one, tells Telegram where to post. Telegram
     * being out of reach does not stop the shop: each loop keeps trying on its own.
     */
    start(): void {
      if (connection.isOff) return;
      sender.start();
      if (!connection.isEmulated) void checkBotName();
      if (connection.mode !== 'webhook') return polling.start();
      const register = async (): Promise<void> => {
        try {
          await (
            await connection.api()
          ).setWebhook({
            url: connection.webhookUrl,
            secretToken: await webhookSecret.get(),
            allowedUpdates: ['message', 'my_chat_member', 'callback_query'],
          });
          log.info({ url: connection.webhookUrl }, 'Telegram webhook set');
        } catch (error) {
          log.error({ err: error }, 'Telegram webhook was not set; trying again in a minute');
          webhookRetry = setTimeout(() => void register(), 60_000);
          webhookRetry.unref();
        }
      };
      void register();
    },
    async close(): Promise<void> {
      if (webhookRetry) clearTimeout(webhookRetry);
      await Promise.all([sender.stop(), polling.stop()]);
      await connection.close();
    },
  };
}
