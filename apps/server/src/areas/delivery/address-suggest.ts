import type { AddressSuggestResult } from '@vmeste/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createDadataClient, DadataError } from '../../integrations/dadata/dadata-client.js';
import { type DadataEmulator, startDadataEmulator } from '../../integrations/dadata/emulator/dadata-emulator.js';
import { AppError } from '../../shared/app-error.js';
import type { ServiceState } from '../../shared/service-state.js';
import { createSuggestLimits, type SuggestAsker, type SuggestLimitSettings } from './suggest-limits.js';

/**
 * Address suggestions through the shop's server: the DaData key stays here, and the limits of
 * suggest-limits.ts keep a script from spending the shop's daily allowance. `emulator` as the URL
 * starts the built-in DaData stand-in (demo addresses) for trying the shop offline; never in
 * production (config.ts refuses it there, and this refuses it again).
 */
export function createAddressSuggest({
  db,
  settings,
  isProduction,
  log,
}: {
  db: Db;
  settings: SuggestLimitSettings & { dadataApiKey?: string | undefined; dadataUrl: string; dadataTimeoutMs: number };
  isProduction: boolean;
  log: FastifyBaseLogger;
}) {
  const apiKey = settings.dadataApiKey;
  const isEmulated = settings.dadataUrl === 'emulator';
  const isEnabled = Boolean(apiKey) && !(isEmulated && isProduction);
  const hitLimits = createSuggestLimits(db, settings);
  let emulator: Promise<DadataEmulator> | null = null;

  async function baseUrl(): Promise<string> {
    if (!isEmulated) return settings.dadataUrl;
    emulator ??= startDadataEmulator({ apiKey: apiKey ?? 'demo-dadata-key' });
    return (await emulator).baseUrl;
  }

  return {
    isEnabled,

    /** For the start-up summary. */
    serviceState(): ServiceState {
      const service = 'Подсказки адресов DaData';
      if (!apiKey) return { service, mode: 'off', detail: 'нет DADATA_API_KEY: адрес вводят вручную' };
      if (!isEnabled) return { service, mode: 'off', detail: 'встроенный эмулятор в production не запускается' };
      if (isEmulated) return { service, mode: 'emulated', detail: 'встроенный эмулятор с демо-адресами' };
      return { service, mode: 'real', detail: `${settings.dadataUrl}, не больше ${settings.suggestPerDay} подсказок в день` };
    },

    async suggest(asker: SuggestAsker, query: string, count: number): Promise<AddressSuggestResult> {
      if (!apiKey || !isEnabled) return { isEnabled: false, suggestions: [] };
      await hitLimits(asker);
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

    /** Whether the built-in DaData emulator was ever started (never in production). */
    hasStartedEmulator: () => emulator !== null,

    async close(): Promise<void> {
      if (emulator) await (await emulator.catch(() => null))?.close();
      emulator = null;
    },
  };
}

export type AddressSuggest = ReturnType<typeof createAddressSuggest>;
