import type { TelegramStatistics } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { moscowDayOf, moscowDayStart } from '../../shared/moscow-calendar.js';
import { findRuns } from './posts.repository.js';
import { runViewOf } from './post-views.js';

const DEFAULT_DAYS = 30;
const DAY_MS = 24 * 3600_000;

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = moscowDayStart(from).getTime(); t <= moscowDayStart(to).getTime(); t += DAY_MS) days.push(moscowDayOf(new Date(t)));
  return days;
}

/**
 * The statistics page: each run of a post in the period with its counts, every message the bot
 * finished per Moscow day, and the subscribers at the end of each day, summed from link events.
 */
export async function telegramStatistics(db: DbOrTx, period: { from?: string; to?: string }): Promise<TelegramStatistics> {
  const to = period.to ?? moscowDayOf(new Date());
  const from = period.from ?? moscowDayOf(new Date(moscowDayStart(to).getTime() - (DEFAULT_DAYS - 1) * DAY_MS));
  const start = moscowDayStart(from);
  const end = new Date(moscowDayStart(to).getTime() + DAY_MS);

  const [runs, messageDays, baseline, eventDays] = await Promise.all([
    findRuns(db, { from: start, to: end }),
    db.execute(sql`
      select to_char(finished_at at time zone 'Europe/Moscow', 'YYYY-MM-DD') as day,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status in ('blocked', 'failed', 'unconfirmed'))::int as failed
      from telegram_messages
      where finished_at >= ${start.toISOString()} and finished_at < ${end.toISOString()}
      group by 1`),
    db.execute(sql`
      select
        coalesce(sum(case event when 'linked' then 1 when 'unlinked' then -1 when 'blocked' then -1 when 'unblocked' then 1 end), 0)::int as active,
        coalesce(sum(case event when 'blocked' then 1 when 'unblocked' then -1 else 0 end), 0)::int as blocked
      from telegram_link_events where at < ${start.toISOString()}`),
    db.execute(sql`
      select to_char(at at time zone 'Europe/Moscow', 'YYYY-MM-DD') as day, event, count(*)::int as n
      from telegram_link_events
      where at >= ${start.toISOString()} and at < ${end.toISOString()}
      group by 1, 2`),
  ]);

  const sentByDay = new Map(rowsOf<{ day: string; sent: number; failed: number }>(messageDays).map((r) => [r.day, r]));
  const changes = new Map<string, { active: number; blocked: number }>();
  for (const { day, event, n } of rowsOf<{ day: string; event: string; n: number }>(eventDays)) {
    const change = changes.get(day) ?? { active: 0, blocked: 0 };
    if (event === 'linked' || event === 'unblocked') change.active += n;
    if (event === 'unlinked' || event === 'blocked') change.active -= n;
    if (event === 'blocked') change.blocked += n;
    if (event === 'unblocked') change.blocked -= n;
    changes.set(day, change);
  }
  const running = rowsOf<{ active: number; blocked: number }>(baseline)[0] ?? { active: 0, blocked: 0 };
  let active = running.active;
  let blocked = running.blocked;
  const days = daysBetween(from, to);
  return {
    from,
    to,
    runs: runs.map(runViewOf),
    days: days.map((date) => ({ date, sent: sentByDay.get(date)?.sent ?? 0, failed: sentByDay.get(date)?.failed ?? 0 })),
    subscribers: days.map((date) => {
      active += changes.get(date)?.active ?? 0;
      blocked += changes.get(date)?.blocked ?? 0;
      return { date, linked: active, blocked };
    }),
  };
}
