import type { AddressSuggestResult } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createDadataClient, DadataError } from '../../integrations/dadata/dadata-client.js';
import { type DadataEmulator, startDadataEmulator } from '../../integrations/dadata/emulator/dadata-emulator.js';
import { AppError } from '../../shared/app-error.js';
import { hitRateLimit } from '../../shared/rate-limiter.js';

/**
 * Address suggestions through the shop's server: the DaData key stays here, and each person is
 * limited per minute so a script cannot spend the shop's daily allowance. `emulator` as the URL
 * starts the built-in DaData stand-in (demo addresses) for trying the shop offline.
 */
export function createAddressSuggest({
  db,
  settings,
  log,
}: {
  db: Db;
  settings: { dadataApiKey?: string | undefined; dadataUrl: string; dadataTimeoutMs: number; suggestPerMinute: number };
  log: FastifyBaseLogger;
}) {
  const apiKey = settings.dadataApiKey;
  let emulator: Promise<DadataEmulator> | null = null;

  async function baseUrl(): Promise<string> {
    if (settings.dadataUrl !== 'emulator') return settings.dadataUrl;
    emulator ??= startDadataEmulator({ apiKey: apiKey ?? 'demo-dadata-key' });
    return (await emulator).baseUrl;
  }

  return {
    isEnabled: Boolean(apiKey),

    async suggest(userId: string, query: string, count: number): Promise<AddressSuggestResult> {
      if (!apiKey) return { isEnabled: false, suggestions: [] };
      await hitRateLimit(db, `address-suggest:${userId}`, { limit: settings.suggestPerMinute, windowSeconds: 60 });
      try {
        const client = createDadataClient({ baseUrl: await baseUrl(), apiKey, timeoutMs: settings.dadataTimeoutMs, log });
        const found = await client.suggestAddress(query, { count });
        return {
          isEnabled: true,
          suggestions: found.map(({ value, unrestrictedValue, postalCode, region, city, street, house, flat, lat, lon }) => ({
            value,
            unrestrictedValue,
            postalCode,
            region,
            city,
            street,
            house,
            flat,
            lat,
            lon,
          })),
        };
      } catch (error) {
        if (error instanceof DadataError) throw new AppError('BAD_GATEWAY', error.message);
        throw error;
      }
    },

    async close(): Promise<void> {
      if (emulator) await (await emulator.catch(() => null))?.close();
      emulator = null;
    },
  };
}

export type AddressSuggest = ReturnType<typeof createAddressSuggest>;
