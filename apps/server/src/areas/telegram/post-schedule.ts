import { moscowLocalOf, type TelegramRepeat } from '@vmeste/contract';

const DAY_MS = 24 * 3600_000;
const STEP_MS: Record<Exclude<TelegramRepeat, 'none'>, number> = { daily: DAY_MS, weekly: 7 * DAY_MS };

/**
 * The occurrence after `planned`: the same Moscow wall-clock time a day or a week on. Moscow keeps
 * UTC+3 all year, so a fixed step never drifts by an hour. Occurrences already past (the shop was
 * down) are skipped rather than sent in a burst; null once the repeats end.
 */
export function nextOccurrence(
  post: { repeat: TelegramRepeat; repeatUntil: string | null },
  planned: Date,
  now: Date = new Date(),
): Date | null {
  if (post.repeat === 'none') return null;
  const step = STEP_MS[post.repeat];
  let next = planned.getTime() + step;
  if (next <= now.getTime()) next += Math.ceil((now.getTime() - next) / step) * step;
  const occurrence = new Date(next);
  if (post.repeatUntil && moscowLocalOf(occurrence).slice(0, 10) > post.repeatUntil) return null;
  return occurrence;
}

/** The text of a post with its tags and entities taken out, cut to one line for lists. */
export function excerptOf(html: string, max = 120): string {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
