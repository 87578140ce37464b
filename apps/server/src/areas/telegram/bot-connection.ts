import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createTelegramBotApi, type TelegramBotApi } from '../../integrations/telegram/bot-api-client.js';
import { startTelegramEmulator, type TelegramEmulator } from '../../integrations/telegram/emulator/telegram-emulator.js';
import { AppError } from '../../shared/app-error.js';

export type BotConnection = ReturnType<typeof createBotConnection>;

const EMULATOR_CHANNEL = '@vmeste_shop_channel';

/** What a person or the admin is told when they ask for Telegram in a shop that has none. */
export const TELEGRAM_OFF_MESSAGE = 'Telegram не подключён: в магазине не настроен бот';

/**
 * The shop's line to Telegram: the real Bot API with the configured token; without one, outside
 * production, the built-in emulator, started on a local port on first use and speaking the same
 * protocol, so linking, notifications and posts all run their real paths offline; in production
 * without a token, nothing (Telegram is off, config.telegram.mode).
 */
export function createBotConnection({ config, log }: { config: Config; log: FastifyBaseLogger }) {
  const { telegram } = config;
  const timeoutMs = 30_000;
  const isOff = telegram.mode === 'off';
  const isEmulated = telegram.mode === 'emulator';
  const isWebhook =
    telegram.mode === 'real' &&
    (telegram.updates === 'webhook' || (telegram.updates === 'auto' && config.publicUrl.startsWith('https://')));
  let started: Promise<{ api: TelegramBotApi; emulator: TelegramEmulator | null }> | null = null;

  function start() {
    if (isOff) return Promise.reject(new AppError('UNAVAILABLE', TELEGRAM_OFF_MESSAGE));
    if (telegram.botToken) {
      const api = createTelegramBotApi({ baseUrl: telegram.apiUrl, token: telegram.botToken, timeoutMs, log });
      return Promise.resolve({ api, emulator: null });
    }
    return startTelegramEmulator({
      botUsername: config.publicSettings.telegramBotUsername,
      channel: telegram.channelId ?? EMULATOR_CHANNEL,
      // The shop keeps its subscribers' chats across restarts; its emulator forgets them.
      remembersEveryChat: true,
    }).then((emulator) => ({
      api: createTelegramBotApi({ baseUrl: emulator.url, token: emulator.token, timeoutMs, log }),
      emulator,
    }));
  }

  function opened() {
    started ??= start().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  const mode = (isOff ? 'off' : isEmulated ? 'emulator' : isWebhook ? 'webhook' : 'polling') as 'off' | 'emulator' | 'webhook' | 'polling';

  return {
    mode,
    isOff,
    isEmulated,
    botUsername: config.publicSettings.telegramBotUsername,
    channel: isOff ? null : (telegram.channelId ?? (isEmulated ? EMULATOR_CHANNEL : null)),
    webhookUrl: `${config.publicUrl}/api/telegram/webhook`,
    /** The mode of a shop with Telegram; refuses with «Telegram не подключён» (503) when it is off. */
    requireOn(): Exclude<typeof mode, 'off'> {
      if (mode === 'off') throw new AppError('UNAVAILABLE', TELEGRAM_OFF_MESSAGE);
      return mode;
    },
    api: async (): Promise<TelegramBotApi> => (await opened()).api,
    /** The built-in emulator (tests play Telegram's people on it); null with a real token or with Telegram off. */
    emulator: async (): Promise<TelegramEmulator | null> => (isEmulated ? (await opened()).emulator : null),
    async close(): Promise<void> {
      const current = started && (await started.catch(() => null));
      started = null;
      await current?.emulator?.close();
    },
  };
}
