export type RateLimits = ReturnType<typeof createRateLimits>;

type Window = { windowMs: number; max: number };

/** Telegram's FAQ: about one message a second to a chat, 20 a minute to a group or channel, 30 a second in all. */
const PRIVATE_CHAT: Window = { windowMs: 1000, max: 1 };
const CHANNEL: Window = { windowMs: 60_000, max: 20 };
const OVERALL: Window = { windowMs: 1000, max: 30 };

function prune(times: number[], windowMs: number, now: number): void {
  while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
}

/** Whole seconds until the window has room (Telegram's retry_after is never 0), or null when it has now. */
function waitSeconds(times: number[], { windowMs, max }: Window, now: number): number | null {
  prune(times, windowMs, now);
  if (times.length < max) return null;
  const freedAt = times[times.length - max]! + windowMs;
  return Math.max(1, Math.ceil((freedAt - now) / 1000));
}

/** Sliding windows over the messages accepted; refused ones do not count. */
export function createRateLimits() {
  const byChat = new Map<string, number[]>();
  const all: number[] = [];
  return {
    retryAfter(chatKey: string, isChannel: boolean, now: number): number | null {
      const chatWait = waitSeconds(byChat.get(chatKey) ?? [], isChannel ? CHANNEL : PRIVATE_CHAT, now);
      const overallWait = waitSeconds(all, OVERALL, now);
      if (chatWait === null && overallWait === null) return null;
      return Math.max(chatWait ?? 0, overallWait ?? 0);
    },
    note(chatKey: string, now: number): void {
      const times = byChat.get(chatKey) ?? [];
      times.push(now);
      byChat.set(chatKey, times);
      all.push(now);
    },
  };
}
