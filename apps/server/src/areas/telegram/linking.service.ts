import { createHash, randomBytes } from 'node:crypto';
import {
  TELEGRAM_LINK_TTL_MINUTES,
  type TelegramLink,
  type TelegramLinkStart,
  type TelegramSwitchableKind,
  telegramSwitchableKinds,
} from '@vmeste/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import type { BotConnection } from './bot-connection.js';
import { countRecentLinkTokens, findLinkByUser, insertLinkToken, setMutedKinds, unlinkUser } from './links.repository.js';
import type { TelegramLinkRow } from './telegram.schema.js';

/** More «Подключить Telegram» presses than this within a token's lifetime look like a script, not a person. */
const MAX_TOKENS_PER_TTL = 10;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function viewOf(link: TelegramLinkRow | undefined): TelegramLink {
  return {
    isLinked: Boolean(link),
    accountTitle: link?.accountTitle ?? null,
    linkedAt: link?.linkedAt.toISOString() ?? null,
    isBlocked: link?.isBlocked ?? false,
    mutedKinds: (link?.mutedKinds ?? []).filter((kind): kind is TelegramSwitchableKind =>
      (telegramSwitchableKinds as readonly string[]).includes(kind),
    ),
  };
}

/** A person's side of Telegram: the one-time link to the bot, the link itself, the kinds switched off. */
export function createLinkingService({ db, connection }: { db: Db; connection: BotConnection }) {
  return {
    async view(userId: string): Promise<TelegramLink> {
      return viewOf(await findLinkByUser(db, userId));
    },

    async start(userId: string): Promise<TelegramLinkStart> {
      const since = new Date(Date.now() - TELEGRAM_LINK_TTL_MINUTES * 60_000);
      if ((await countRecentLinkTokens(db, userId, since)) >= MAX_TOKENS_PER_TTL) {
        throw new AppError('TOO_MANY_REQUESTS', 'Слишком много ссылок подряд. Воспользуйтесь последней или подождите несколько минут');
      }
      // 24 random bytes in base64url: 32 characters, within Telegram's 64 for a start payload.
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + TELEGRAM_LINK_TTL_MINUTES * 60_000);
      await insertLinkToken(db, { tokenHash: hashLinkToken(token), userId, expiresAt });
      return {
        // The emulator's chat page is served by the shop itself, so its address is relative to the site.
        url: connection.isEmulated ? `/telegram-emulator/?start=${token}` : `https://t.me/${connection.botUsername}?start=${token}`,
        expiresAt: expiresAt.toISOString(),
        isEmulator: connection.isEmulated,
      };
    },

    async unlink(userId: string): Promise<TelegramLink> {
      await db.transaction((tx) => unlinkUser(tx, userId));
      return viewOf(undefined);
    },

    async setMuted(userId: string, mutedKinds: TelegramSwitchableKind[]): Promise<TelegramLink> {
      const link = await setMutedKinds(db, userId, [...new Set(mutedKinds)]);
      if (!link) throw new AppError('CONFLICT', 'Сначала подключите Telegram');
      return viewOf(link);
    },
  };
}

export type LinkingService = ReturnType<typeof createLinkingService>;
