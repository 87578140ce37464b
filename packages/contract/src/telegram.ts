import { z } from 'zod';
import { type MessageKind, messageKinds } from './messaging.js';
import { parseTelegramHtml } from './telegram-html.js';
import { calendarDateField, isWithinDateRange } from './dates.js';

/**
 * Telegram: a person links the shop's bot to their account and gets notifications there; the admin
 * schedules posts to the shop's channel and to every linked subscriber and reads how they went out.
 */

/** A link token lives this long after «Подключить Telegram». */
export const TELEGRAM_LINK_TTL_MINUTES = 15;
/** Telegram's own limits: a message's text, and a picture's caption, counted after parsing. */
export const TELEGRAM_TEXT_MAX = 4096;
export const TELEGRAM_CAPTION_MAX = 1024;
/** Telegram takes photos up to 10 MB; JPEG and PNG are what every client shows. */
export const TELEGRAM_PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Codes and reset links always come, wherever they can: a person cannot switch them off. */
export const telegramSwitchableKinds = messageKinds.filter(
  (kind): kind is Exclude<MessageKind, 'activation_code' | 'password_reset'> => kind !== 'activation_code' && kind !== 'password_reset',
);
export type TelegramSwitchableKind = (typeof telegramSwitchableKinds)[number];

export const messageKindTitles: Record<MessageKind, string> = {
  activation_code: 'Коды подтверждения',
  password_reset: 'Ссылки для смены пароля',
  payment_succeeded: 'Оплата принята',
  receipt_rejected: 'Чек отклонён',
  payment_refunded: 'Возврат денег',
  goods_arrived: 'Товар пришёл на склад',
  parcel_ready: 'Посылка готова к выдаче',
  invoice_issued: 'Счёт за доставку',
  parcel_shipped: 'Посылка отправлена',
  parcel_delivered: 'Посылка доставлена',
  bonus_expiring: 'Сгорание бонусов',
  payment_opened: 'Открыта оплата заказа',
  payment_reminder: 'Напоминание об оплате',
  order_imported: 'Новый заказ',
  payment_canceled: 'Платёж отменён',
};

export const telegramLinkSchema = z.object({
  isLinked: z.boolean(),
  /** The Telegram account as the bot saw it: @username when there is one, else the first name. */
  accountTitle: z.string().nullable(),
  linkedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The person blocked the bot: messages go by SMS until they unblock it. */
  isBlocked: z.boolean(),
  mutedKinds: z.array(z.enum(telegramSwitchableKinds)),
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const telegramLinkStartSchema = z.object({
  /** `https://t.me/<bot>?start=<token>`, or the built-in emulator's page when no bot token is set. */
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  isEmulator: z.boolean(),
});
export type TelegramLinkStart = z.infer<typeof telegramLinkStartSchema>;

export const telegramPreferencesBodySchema = z.object({
  mutedKinds: z.array(z.enum(telegramSwitchableKinds, { error: 'Это уведомление отключить нельзя' })).max(messageKinds.length),
});

export const telegramRepeats = ['none', 'daily', 'weekly'] as const;
export type TelegramRepeat = (typeof telegramRepeats)[number];
export const telegramRepeatTitles: Record<TelegramRepeat, string> = { none: 'Один раз', daily: 'Каждый день', weekly: 'Каждую неделю' };

export const telegramPostStatuses = ['scheduled', 'done', 'canceled'] as const;
export type TelegramPostStatus = (typeof telegramPostStatuses)[number];
export const telegramPostStatusTitles: Record<TelegramPostStatus, string> = {
  scheduled: 'Запланирован',
  done: 'Отправлен',
  canceled: 'Отменён',
};

/** `2026-11-24T18:30`: a wall-clock time in Moscow, which keeps UTC+3 all year (no DST since 2014). */
const moscowTimeField = z
  .string({ error: 'Укажите дату и время отправки' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Время отправки — в формате ГГГГ-ММ-ДДTЧЧ:ММ (московское)')
  .refine((v) => !Number.isNaN(moscowInstantOf(v).getTime()), 'Такой даты нет в календаре')
  .refine(isWithinDateRange, 'Дата должна быть между 2000 и 2100 годом');

/** A Moscow wall-clock time → the instant (an invalid date for a day not in the calendar, such as 31.11). */
export function moscowInstantOf(local: string): Date {
  const instant = new Date(`${local}:00+03:00`);
  return !Number.isNaN(instant.getTime()) && moscowLocalOf(instant) === local ? instant : new Date(Number.NaN);
}

/** An instant → Moscow wall-clock `YYYY-MM-DDTHH:mm`. */
export function moscowLocalOf(instant: Date): string {
  return new Date(instant.getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

const buttonTextField = z.string().trim().min(1, 'Подпишите кнопку').max(64, 'Подпись кнопки — не длиннее 64 символов');
const buttonUrlField = z.url({ protocol: /^https?$/, error: 'Адрес кнопки — ссылка, начинающаяся с https://' });

/** A post's content: what a test send and a scheduled post share. */
const postContentShape = {
  text: z.string({ error: 'Напишите текст поста' }).trim().min(1, 'Напишите текст поста'),
  pictureId: z.uuid({ error: 'Картинка не найдена' }).nullable().default(null),
  buttonText: buttonTextField.nullable().default(null),
  buttonUrl: buttonUrlField.nullable().default(null),
};

type PostContent = { text: string; pictureId: string | null; buttonText: string | null; buttonUrl: string | null };

function checkContent(content: PostContent, context: z.RefinementCtx): void {
  const parsed = parseTelegramHtml(content.text);
  if (!parsed.ok) {
    context.addIssue({ code: 'custom', path: ['text'], message: parsed.error });
  } else {
    const max = content.pictureId ? TELEGRAM_CAPTION_MAX : TELEGRAM_TEXT_MAX;
    if (parsed.textLength > max) {
      context.addIssue({
        code: 'custom',
        path: ['text'],
        message: content.pictureId
          ? `Подпись к картинке — не длиннее ${max} символов (сейчас ${parsed.textLength})`
          : `Текст — не длиннее ${max} символов (сейчас ${parsed.textLength})`,
      });
    }
  }
  if ((content.buttonText === null) !== (content.buttonUrl === null)) {
    context.addIssue({
      code: 'custom',
      path: [content.buttonText === null ? 'buttonText' : 'buttonUrl'],
      message: 'У кнопки должны быть и подпись, и адрес',
    });
  }
}

export const telegramPostContentSchema = z.object(postContentShape).superRefine(checkContent);
export type TelegramPostContent = z.output<typeof telegramPostContentSchema>;

export const telegramPostBodySchema = z
  .object({
    ...postContentShape,
    sendAt: moscowTimeField,
    repeat: z.enum(telegramRepeats, { error: 'Повтор — один раз, каждый день или каждую неделю' }).default('none'),
    /** The last day (Moscow) a repeating post goes out on; none — until canceled. */
    repeatUntil: calendarDateField('Дата окончания — в формате ГГГГ-ММ-ДД').nullable().default(null),
    toChannel: z.boolean().default(false),
    toSubscribers: z.boolean().default(true),
  })
  .superRefine((post, context) => {
    checkContent(post, context);
    if (!post.toChannel && !post.toSubscribers) {
      context.addIssue({
        code: 'custom',
        path: ['toSubscribers'],
        message: 'Выберите, куда отправить: в канал, подписчикам или туда и туда',
      });
    }
    if (post.repeatUntil && post.repeat === 'none') {
      context.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'Дата окончания нужна только для повторяющегося поста' });
    }
    if (post.repeatUntil && post.repeatUntil < post.sendAt.slice(0, 10)) {
      context.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'Повторы не могут закончиться раньше первой отправки' });
    }
  });
export type TelegramPostBody = z.output<typeof telegramPostBodySchema>;

export const telegramPostIdParamsSchema = z.object({ id: z.uuid({ error: 'Пост не найден' }) });
export const telegramPictureIdParamsSchema = z.object({ id: z.uuid({ error: 'Картинка не найдена' }) });

export const telegramPictureSchema = z.object({ id: z.uuid(), url: z.string() });

/** How one sending of a post went; a repeating post has one run per occurrence. */
export const telegramRunSchema = z.object({
  id: z.uuid(),
  postId: z.uuid().nullable(),
  /** The post's text with the tags taken out, cut to a line. */
  excerpt: z.string(),
  plannedAt: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  recipients: z.number().int(),
  delivered: z.number().int(),
  /** The subscriber had blocked the bot. */
  blocked: z.number().int(),
  /** Every other refusal, and messages a stopped instance left unconfirmed. */
  failed: z.number().int(),
  pending: z.number().int(),
});
export type TelegramRun = z.infer<typeof telegramRunSchema>;

export const telegramPostSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  pictureId: z.uuid().nullable(),
  pictureUrl: z.string().nullable(),
  buttonText: z.string().nullable(),
  buttonUrl: z.string().nullable(),
  /** The next sending (or the last one, once done). */
  sendAt: z.iso.datetime({ offset: true }),
  /** The same in Moscow wall-clock time, as the form edits it. */
  sendAtMoscow: z.string(),
  repeat: z.enum(telegramRepeats),
  repeatUntil: z.iso.date().nullable(),
  toChannel: z.boolean(),
  toSubscribers: z.boolean(),
  status: z.enum(telegramPostStatuses),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The latest run, when the post has gone out at least once. */
  lastRun: telegramRunSchema.nullable(),
  runsCount: z.number().int(),
});
export type TelegramPost = z.infer<typeof telegramPostSchema>;

export const telegramPostsQuerySchema = z.object({
  status: z.enum(telegramPostStatuses, { error: 'Неизвестный статус поста' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const telegramPostsPageSchema = z.object({ items: z.array(telegramPostSchema), total: z.number().int() });

export const telegramTestSendSchema = z.object({ chatTitle: z.string() });

export const telegramOverviewSchema = z.object({
  botUsername: z.string(),
  /** The shop's channel, as configured (`@name` or a numeric id); null when none is. */
  channel: z.string().nullable(),
  /** emulator — the built-in one (no bot token); webhook or polling — the real Telegram. */
  mode: z.enum(['emulator', 'webhook', 'polling']),
  subscribers: z.number().int(),
  blocked: z.number().int(),
  /** Whether the admin asking has linked their own Telegram (for test sends). */
  isOwnChatLinked: z.boolean(),
});
export type TelegramOverview = z.infer<typeof telegramOverviewSchema>;

export const telegramStatisticsQuerySchema = z
  .object({
    from: calendarDateField().optional(),
    to: calendarDateField().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Начало периода позже конца', path: ['from'] });

export const telegramStatisticsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  runs: z.array(telegramRunSchema),
  /** Every message the bot sent or failed to send, by Moscow day. */
  days: z.array(z.object({ date: z.iso.date(), sent: z.number().int(), failed: z.number().int() })),
  /** At the end of each Moscow day: linked subscribers who take messages, and those who blocked the bot. */
  subscribers: z.array(z.object({ date: z.iso.date(), linked: z.number().int(), blocked: z.number().int() })),
});
export type TelegramStatistics = z.infer<typeof telegramStatisticsSchema>;
