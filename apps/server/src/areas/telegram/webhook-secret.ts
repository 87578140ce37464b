import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { telegramState } from './telegram.schema.js';

/**
 * The webhook's secret: 32 random bytes made by the first instance that needs it and kept in
 * telegram_state, so every instance of the shop gives Telegram and checks the same one. Nothing
 * public derives it: a forged update without it is refused.
 */
export function createWebhookSecret(db: Db) {
  let known: Promise<string> | null = null;

  async function load(): Promise<string> {
    // base64url is within what Telegram takes as secret_token (A-Z, a-z, 0-9, _ and -, up to 256).
    const fresh = randomBytes(32).toString('base64url');
    // The first writer wins; a concurrent instance reads the winner's secret back.
    const [row] = await db
      .update(telegramState)
      .set({ webhookSecret: sql`coalesce(${telegramState.webhookSecret}, ${fresh})` })
      .where(eq(telegramState.id, 1))
      .returning({ secret: telegramState.webhookSecret });
    if (!row?.secret) throw new Error('telegram_state has no row to keep the webhook secret in');
    return row.secret;
  }

  function get(): Promise<string> {
    known ??= load().catch((error: unknown) => {
      known = null;
      throw error;
    });
    return known;
  }

  return {
    get,
    /** Compared in constant time, so the answer's timing tells nothing of the secret. */
    async matches(given: unknown): Promise<boolean> {
      if (typeof given !== 'string') return false;
      const a = Buffer.from(given);
      const b = Buffer.from(await get());
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

export type WebhookSecret = ReturnType<typeof createWebhookSecret>;
