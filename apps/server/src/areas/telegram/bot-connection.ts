import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createTelegramBotApi, type TelegramBotApi } from '../../integrations/telegram/bot-api-client.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../integrations/telegram/emulator/telegram-emulator.js';

export type BotConnection = ReturnType<typeof createBotConnection>;

const EMULATOR_CHANNEL = '@vmeste_shop_channel';

/** A value Telegram accepts as secret_token (A-Za-z0-9_-), which only the token's holder can compute. */
export function webhookSecretOf(token: string): string {
  return createHash('sha256').update(`vmeste-webhook:${token}`).digest('base64url');
}

/**
 * The shop's line to Telegram: the real Bot API with the configured token, or, without one, the
 * built-in emulator, started on a local port on first use and speaking the same protocol, so linking,
 * notifications and posts all run their real paths offline.
 */
export function createBotConnection({ config, log }: { config: Config; log: FastifyBaseLogger }) {
  const { telegram } = config;
  const timeoutMs = 30_000;
  const isEmulated = !telegram.botToken;
  const isWebhook =
    !isEmulated && (telegram.updates === 'webhook' || (telegram.updates === 'auto' && config.publicUrl.startsWith('https://')));
  let started: Promise<{ api: TelegramBotApi; emulator: TelegramEmulator | null; webhookSecret: string }> | null = null;

  function start() {
    if (telegram.botToken) {
      const api = createTelegramBotApi({ baseUrl: telegram.apiUrl, token: telegram.botToken, timeoutMs, log });
      return Promise.resolve({ api, emulator: null, webhookSecret: webhookSecretOf(telegram.botToken) });
    }
    return startTelegramEmulator({
      botUsername: config.publicSettings.telegramBotUsername,
      channel: telegram.channelId ?? EMULATOR_CHANNEL,
      // The shop keeps its subscribers' chats across restarts; its emulator forgets them.
      remembersEveryChat: true,
    }).then((emulator) => ({
      api: createTelegramBotApi({ baseUrl: emulator.url, token: emulator.token, timeoutMs, log }),
      emulator,
      webhookSecret: webhookSecretOf(emulator.token),
    }));
  }

  function opened() {
    started ??= start().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    mode: (isEmulated ? 'emulator' : isWebhook ? 'webhook' : 'polling') as 'emulator' | 'webhook' | 'polling',
    isEmulated,
    botUsername: config.publicSettings.telegramBotUsername,
    channel: telegram.channelId ?? (isEmulated ? EMULATOR_CHANNEL : null),
    webhookUrl: `${config.publicUrl}/api/telegram/webhook`,
    api: async (): Promise<TelegramBotApi> => (await opened()).api,
    /** The built-in emulator (tests play Telegram's people on it); null with a real token. */
    emulator: async (): Promise<TelegramEmulator | null> => (await opened()).emulator,
    webhookSecret: async (): Promise<string> => (await opened()).webhookSecret,
    async close(): Promise<void> {
      const current = started && (await started.catch(() => null));
      started = null;
      await current?.emulator?.close();
    },
  };
}
