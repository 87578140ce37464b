import {
  moscowLocalOf,
  parseTelegramHtml,
  plural,
  type TelegramHtmlNode,
  type TelegramOverview,
  type TelegramPost,
  telegramRepeatTitles,
  type TelegramRun,
} from '@vmeste/contract';
import { formatCalendarDate } from '@/lib/format';

const HOUR_MS = 3600_000;

/** The first full hour after `now`, as the form's Moscow wall-clock `YYYY-MM-DDTHH:mm` (Moscow is UTC+3, whole hours). */
export function nextFullHourMoscow(now: Date = new Date()): string {
  return moscowLocalOf(new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS));
}

/** Today's date in Moscow, `YYYY-MM-DD`. */
export function moscowToday(now: Date = new Date()): string {
  return moscowLocalOf(now).slice(0, 10);
}

/** «12 подписчиков», «1 подписчик», «3 подписчика». */
export function subscribersText(count: number): string {
  return `${count} ${plural(count, 'подписчик', 'подписчика', 'подписчиков')}`;
}

/** «1 заблокировал бота», «5 заблокировали бота». */
export function blockedText(count: number): string {
  return `${count} ${plural(count, 'заблокировал', 'заблокировали', 'заблокировали')} бота`;
}

export const EMULATOR_NOTE = 'Эмулятор Telegram: сообщения никуда не уходят, их видно в консоли и на странице эмулятора';

/** How the shop hears from Telegram: «Связь с Telegram: вебхук». */
export const modeTitles: Record<TelegramOverview['mode'], string> = {
  emulator: 'эмулятор',
  webhook: 'вебхук',
  polling: 'опрос (long polling)',
};

/** The text of a parsed post without its tags, as Telegram shows it in a chat list. */
export function plainTextOf(nodes: TelegramHtmlNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? node.text : plainTextOf(node.children))).join('');
}

/** A post's first words on one line: its text without tags (or as typed, when it does not parse), cut to `max`. */
export function excerptOf(html: string, max = 90): string {
  const parsed = parseTelegramHtml(html);
  const text = (parsed.ok ? plainTextOf(parsed.nodes) : html).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** «В канал и подписчикам бота». */
export function targetsText({ toChannel, toSubscribers }: Pick<TelegramPost, 'toChannel' | 'toSubscribers'>): string {
  if (toChannel && toSubscribers) return 'В канал и подписчикам бота';
  return toChannel ? 'В канал' : 'Подписчикам бота';
}

/** «Один раз», «Каждый день до 30.11.2026». */
export function repeatText({ repeat, repeatUntil }: Pick<TelegramPost, 'repeat' | 'repeatUntil'>): string {
  const title = telegramRepeatTitles[repeat];
  return repeat !== 'none' && repeatUntil ? `${title} до ${formatCalendarDate(repeatUntil)}` : title;
}

/** A run's outcome: «доставлено 120 · заблокировали 3 · ошибки 1 · в очереди 0». */
export function runCountsText(run: Pick<TelegramRun, 'delivered' | 'blocked' | 'failed' | 'pending'>): string {
  return `доставлено ${run.delivered} · заблокировали ${run.blocked} · ошибки ${run.failed} · в очереди ${run.pending}`;
}

export { parseTypedDay } from '@/lib/typed-day';
