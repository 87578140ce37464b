/**
 * The parts of Telegram's `Update` (core.telegram.org/bots/api#update) the shop reads; Telegram sends
 * many more fields, which pass through untyped.
 */

export type TelegramUser = {
  id: number;
  is_bot: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
};

export type TelegramChat = {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
};

export type TelegramContact = {
  phone_number: string;
  first_name: string;
  last_name?: string;
  /** Whose number it is: a forwarded contact carries someone else's id, or none. */
  user_id?: number;
};

export type TelegramIncomingMessage = {
  message_id: number;
  /** Always there in the private chats the shop's bot reads (Telegram leaves it out only for channels). */
  from: TelegramUser;
  chat: TelegramChat;
  date: number;
  text?: string;
  contact?: TelegramContact;
};

export type TelegramMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** `kicked` in a private chat: the person blocked the bot; `member` again: they unblocked it. */
export type TelegramChatMemberUpdated = {
  chat: TelegramChat;
  from: TelegramUser;
  date: number;
  old_chat_member: { status: TelegramMemberStatus };
  new_chat_member: { status: TelegramMemberStatus };
};

export type TelegramCallbackQuery = {
  id: string;
  from: TelegramUser;
  data?: string;
};

export type TelegramUpdate = {
  update_id: number;
  message?: TelegramIncomingMessage;
  my_chat_member?: TelegramChatMemberUpdated;
  callback_query?: TelegramCallbackQuery;
};

export type TelegramUpdateKind = 'message' | 'my_chat_member' | 'callback_query';
