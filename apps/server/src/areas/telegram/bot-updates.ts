import { normalizePhone } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import type { AccountsArea } from '../accounts/index.js';
import { botTexts } from './bot-texts.js';
import { hashLinkToken } from './linking.service.js';
import { findLinkByChat, findLinkByUser, linkChat, setChatBlocked, useLinkToken } from './links.repository.js';
import { PRIORITY } from './notifications-channel.js';
import { enqueueMessages } from './outgoing.repository.js';
import { telegramUpdates } from './telegram.schema.js';
import { type BotMessage as TelegramMessage, type BotUpdate, botUpdateSchema } from './update-schema.js';

type Keyboard = 'request_contact' | 'remove' | null;

function titleOf(from: TelegramMessage['from']): string | null {
  if (!from) return null;
  return from.username ? `@${from.username}` : [from.first_name, from.last_name].filter(Boolean).join(' ') || null;
}

/**
 * What the bot does with an update: /start with a link token links the chat, a contact of the sender's
 * own number confirms that account (and links a chat nobody linked yet), a block or unblock is noted.
 * Each update is handled once (Telegram repeats a webhook call that failed), its effects and the bot's
 * reply in one transaction. An update the bot cannot read is acknowledged and ignored, so Telegram
 * does not repeat it and a forged one answers no differently.
 */
export function createBotUpdates({
  db,
  accounts,
  siteUrl,
  wake,
  log,
}: {
  db: Db;
  accounts: AccountsArea;
  siteUrl: string;
  wake: () => void;
  log: FastifyBaseLogger;
}) {
  async function reply(tx: Tx, chatId: number, html: string, keyboard: Keyboard = null): Promise<void> {
    await enqueueMessages(tx, [{ chatId: String(chatId), purpose: 'reply', priority: PRIORITY.urgent, html, keyboard }]);
  }

  /** Marks the update as seen; false when it already was (its effects are done). */
  async function isFirstSight(tx: Tx, updateId: number): Promise<boolean> {
    const rows = await tx.insert(telegramUpdates).values({ updateId }).onConflictDoNothing().returning();
    return rows.length > 0;
  }

  async function onStart(tx: Tx, message: TelegramMessage, payload: string): Promise<void> {
    const chatId = message.chat.id;
    if (!payload) return reply(tx, chatId, botTexts.welcome(siteUrl), 'request_contact');
    const userId = await useLinkToken(tx, hashLinkToken(payload));
    const account = userId ? (await accounts.findAccounts(tx, [userId])).get(userId) : undefined;
    if (!account) return reply(tx, chatId, botTexts.linkExpired(siteUrl));
    await linkChat(tx, { userId: account.id, phone: account.phone, chatId, accountTitle: titleOf(message.from) });
    await reply(
      tx,
      chatId,
      botTexts.linked(account.phone, `${account.name} ${account.surname}`, account.isConfirmed),
      account.isConfirmed ? 'remove' : 'request_contact',
    );
  }

  async function onContact(tx: Tx, message: TelegramMessage, contact: NonNullable<TelegramMessage['contact']>): Promise<void> {
    const chatId = message.chat.id;
    // Telegram lets anyone forward any contact; only the sender's own carries their user id, and in a
    // private chat the chat is the sender's. An update claiming otherwise is not a person's own number.
    const isOwn = message.from !== undefined && contact.user_id === message.from.id && chatId === message.from.id;
    if (!isOwn) return reply(tx, chatId, botTexts.foreignContact, 'request_contact');
    const phone = normalizePhone(contact.phone_number);
    if (!phone) return reply(tx, chatId, botTexts.badPhone, 'remove');
    const { outcome, user } = await accounts.confirmVerifiedPhone(phone, tx);
    if (outcome === 'no-account' || !user) return reply(tx, chatId, botTexts.noAccount(phone, siteUrl), 'remove');
    const done = outcome === 'confirmed' ? botTexts.confirmed(phone, siteUrl) : botTexts.alreadyConfirmed(phone);
    // A contact never moves a link: an account linked to another chat is relinked only by the one-time
    // link from its signed-in profile, so a claimed contact cannot take its notifications and reset links.
    const accountLink = await findLinkByUser(tx, user.id);
    if (accountLink && accountLink.chatId !== chatId) return reply(tx, chatId, `${done}\n\n${botTexts.linkedElsewhere(siteUrl)}`, 'remove');
    // The contact proves the number is theirs: an unlinked chat is linked to that account on the way.
    if (!accountLink && !(await findLinkByChat(tx, chatId))) {
      await linkChat(tx, { userId: user.id, phone, chatId, accountTitle: titleOf(message.from) });
    }
    await reply(tx, chatId, done, 'remove');
  }

  async function dispatch(tx: Tx, update: BotUpdate): Promise<void> {
    const member = update.my_chat_member;
    if (member && member.chat.type === 'private') {
      const status = member.new_chat_member.status;
      if (status === 'kicked') await setChatBlocked(tx, member.chat.id, true);
      if (status === 'member') await setChatBlocked(tx, member.chat.id, false);
      return;
    }
    const message = update.message;
    if (!message || message.chat.type !== 'private' || message.from?.is_bot) return;
    // A person who writes to the bot has clearly not blocked it.
    await setChatBlocked(tx, message.chat.id, false);
    if (message.contact) return onContact(tx, message, message.contact);
    const start = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/.exec(message.text ?? '');
    if (start) return onStart(tx, message, start[1] ?? '');
    await reply(tx, message.chat.id, botTexts.help(siteUrl));
  }

  return {
    /** Takes whatever came as an update: from the webhook's body or getUpdates. */
    async handle(raw: unknown): Promise<void> {
      const parsed = botUpdateSchema.safeParse(raw);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(update)'))];
        log.warn({ fields }, 'a Telegram update the bot cannot read was acknowledged and ignored');
        return;
      }
      const update = parsed.data;
      const isNew = await db.transaction(async (tx) => {
        if (!(await isFirstSight(tx, update.update_id))) return false;
        await dispatch(tx, update);
        return true;
      });
      if (isNew) wake();
    },
  };
}

export type BotUpdates = ReturnType<typeof createBotUpdates>;
