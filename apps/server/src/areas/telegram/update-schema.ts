import { z } from 'zod';

/**
 * The parts of Telegram's Update (core.telegram.org/bots/api#update) the bot acts on, checked before
 * it acts: Telegram's ids fit in a double without loss, text never holds NUL (PostgreSQL refuses it),
 * and whatever else an update carries is dropped. An update that fails is not one Telegram sent.
 */
const id = z.int();
const text = z.string().refine((value) => !value.includes('\u0000'));

const user = z.object({
  id,
  is_bot: z.boolean(),
  first_name: text,
  last_name: text.optional(),
  username: text.optional(),
});

const chat = z.object({ id, type: text });

const message = z.object({
  /** Always there in the private chats the bot reads (Telegram leaves it out only for channels). */
  from: user.optional(),
  chat,
  text: text.optional(),
  /** A shared contact; `user_id` is whose number it is (a forwarded contact carries another id, or none). */
  contact: z.object({ phone_number: text, user_id: id.optional() }).optional(),
});

/** `kicked` in a private chat: the person blocked the bot; `member` again: they unblocked it. */
const chatMemberUpdated = z.object({ chat, new_chat_member: z.object({ status: text }) });

export const botUpdateSchema = z.object({
  update_id: id.nonnegative(),
  message: message.optional(),
  my_chat_member: chatMemberUpdated.optional(),
});

export type BotUpdate = z.infer<typeof botUpdateSchema>;
export type BotMessage = NonNullable<BotUpdate['message']>;
