import type { TelegramLinkStart } from '@vmeste/contract';
import { useEffect, useState } from 'react';
import { toastServerError } from '@/lib/toasts';
import { useStartTelegramLink } from '../api/start-telegram-link';

/**
 * A one-time link to the bot, opened in a new tab. `open()` asks the server for the link and opens it;
 * `waiting` is that link while it lives. At its expiresAt the token dies, so waiting ends with
 * `isExpired` and the person needs a new link. A refusal of the server is shown as a toast.
 */
export function useTelegramStart() {
  const start = useStartTelegramLink();
  const [waiting, setWaiting] = useState<TelegramLinkStart | null>(null);
  const [isExpired, setExpired] = useState(false);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => {
        setWaiting(null);
        setExpired(true);
      },
      Math.max(0, Date.parse(waiting.expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting]);

  async function open() {
    try {
      const started = await start.mutateAsync();
      window.open(started.url, '_blank', 'noopener');
      setExpired(false);
      setWaiting(started);
    } catch (error) {
      toastServerError(error);
    }
  }

  /** Nothing to wait for any more (the chat was unlinked, say): back to the start. */
  function reset() {
    setWaiting(null);
    setExpired(false);
  }

  return { waiting, isExpired, isStarting: start.isPending, open, reset };
}

export type TelegramStart = ReturnType<typeof useTelegramStart>;
