import type { BoxberryMode, BoxberrySettings, BoxberrySettingsBody, ConnectionCheck } from '@vmeste/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { BoxberryError, type BoxberryClient, createBoxberryClient } from '../../integrations/boxberry/boxberry-client.js';
import { type BoxberryEmulator, startBoxberryEmulator } from '../../integrations/boxberry/emulator/boxberry-emulator.js';
import { AppError } from '../../shared/app-error.js';
import type { ServiceState } from '../../shared/service-state.js';
import { type SecretBox, SecretsKeyMissing } from '../../shared/secret-box.js';
import { boxberryPoints, boxberrySettings, type BoxberrySettingsRow } from './delivery.schema.js';

const DEFAULT_DIMENSIONS = { defaultLengthCm: 30, defaultWidthCm: 20, defaultHeightCm: 15 };

export type BoxberryLink = { client: BoxberryClient; isDemo: boolean };

export const BOXBERRY_OFF_MESSAGE = 'Boxberry не подключён: сохраните токен на странице «Настройки Boxberry»';

/**
 * The shop's line to Boxberry: the saved settings (the token sealed at rest) and a client built from
 * them. Without a token, outside production, the shop talks to its built-in emulator, started on
 * first use on a local port and speaking Boxberry's own protocol, so every path is the real one. In
 * production without a token Boxberry is off: nothing fake is ever started there, and whatever needs
 * Boxberry answers 409 with what to do.
 */
export function createBoxberryConnection({
  db,
  secrets,
  canSaveToken,
  isEmulatorAllowed,
  apiUrl,
  timeoutMs,
  log,
}: {
  db: Db;
  secrets: SecretBox;
  /** False in production without SECRETS_KEY: a token could not be sealed. */
  canSaveToken: boolean;
  /** False in production. */
  isEmulatorAllowed: boolean;
  apiUrl: string;
  timeoutMs: number;
  log: FastifyBaseLogger;
}) {
  let emulator: Promise<BoxberryEmulator> | null = null;

  async function row(): Promise<BoxberrySettingsRow | undefined> {
    const [found] = await db.select().from(boxberrySettings).where(eq(boxberrySettings.id, 1)).limit(1);
    return found;
  }

  function startEmulator(): Promise<BoxberryEmulator> {
    if (!isEmulatorAllowed) return Promise.reject(new Error('the Boxberry emulator never runs in production'));
    emulator ??= startBoxberryEmulator().catch((error: unknown) => {
      emulator = null;
      throw error;
    });
    return emulator;
  }

  async function link(): Promise<BoxberryLink> {
    const saved = await row();
    if (saved?.tokenCipher) {
      let token: string;
      try {
        token = secrets.open(saved.tokenCipher);
      } catch {
        throw new AppError('CONFLICT', 'Сохранённый токен Boxberry не читается (сменился ключ SECRETS_KEY?): введите токен заново');
      }
      return { client: createBoxberryClient({ baseUrl: apiUrl, token, timeoutMs, log }), isDemo: false };
    }
    if (!isEmulatorAllowed) throw new AppError('CONFLICT', BOXBERRY_OFF_MESSAGE);
    const demo = await startEmulator();
    return { client: createBoxberryClient({ baseUrl: demo.url, token: demo.demoToken, timeoutMs, log }), isDemo: true };
  }

  const modeOf = (saved: BoxberrySettingsRow | undefined): BoxberryMode =>
    saved?.tokenCipher ? 'token' : isEmulatorAllowed ? 'demo' : 'off';

  async function view(): Promise<BoxberrySettings> {
    const saved = await row();
    const mode = modeOf(saved);
    const senderCode = saved?.senderPointCode ?? null;
    const [sender] = senderCode ? await db.select().from(boxberryPoints).where(eq(boxberryPoints.code, senderCode)).limit(1) : [];
    return {
      tokenMasked: saved?.tokenHint ? `••••••••${saved.tokenHint}` : null,
      mode,
      isDemo: mode === 'demo',
      canSaveToken,
      isEmulatorAvailable: isEmulatorAllowed,
      apiUrl: { token: apiUrl, demo: 'встроенный эмулятор Boxberry', off: 'не подключён' }[mode],
      senderPointCode: senderCode,
      senderPointTitle: sender ? `${sender.cityName}, ${sender.address} (${sender.code})` : senderCode,
      defaultLengthCm: saved?.defaultLengthCm ?? DEFAULT_DIMENSIONS.defaultLengthCm,
      defaultWidthCm: saved?.defaultWidthCm ?? DEFAULT_DIMENSIONS.defaultWidthCm,
      defaultHeightCm: saved?.defaultHeightCm ?? DEFAULT_DIMENSIONS.defaultHeightCm,
      updatedAt: saved?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    link,
    view,
    async mode(): Promise<BoxberryMode> {
      return modeOf(await row());
    },
    /** Throws the Russian 409 when Boxberry is off, before anything that would need it starts. */
    async requireOn(): Promise<void> {
      if (modeOf(await row()) === 'off') throw new AppError('CONFLICT', BOXBERRY_OFF_MESSAGE);
    },
    /** For the start-up summary: how the shop reaches Boxberry, and what to do when it does not. */
    async serviceState(): Promise<ServiceState> {
      const service = 'Boxberry';
      switch (modeOf(await row())) {
        case 'token':
          return canSaveToken
            ? { service, mode: 'real', detail: 'по токену, сохранённому на «Настройки Boxberry»' }
            : {
                service,
                mode: 'off',
                detail: 'токен сохранён, но без SECRETS_KEY его не прочесть — задайте тот SECRETS_KEY, с которым он сохранён',
              };
        case 'demo':
          return { service, mode: 'emulated', detail: 'встроенный эмулятор с демо-пунктами, пока токен не сохранён' };
        default:
          return {
            service,
            mode: 'off',
            detail: canSaveToken
              ? 'токен не сохранён на «Настройки Boxberry»'
              : 'токен не сохранён на «Настройки Boxberry», а сохранить его нельзя, пока не задан SECRETS_KEY',
          };
      }
    },
    /** Whether the built-in emulator was ever started (never in production). */
    hasStartedEmulator: () => emulator !== null,
    /** The settings as the shipping needs them. */
    async shippingDefaults() {
      const saved = await row();
      return {
        senderPointCode: saved?.senderPointCode ?? null,
        lengthCm: saved?.defaultLengthCm ?? DEFAULT_DIMENSIONS.defaultLengthCm,
        widthCm: saved?.defaultWidthCm ?? DEFAULT_DIMENSIONS.defaultWidthCm,
        heightCm: saved?.defaultHeightCm ?? DEFAULT_DIMENSIONS.defaultHeightCm,
      };
    },

    async save(body: BoxberrySettingsBody & { senderPointCode: string | null }, actorId: string | null): Promise<BoxberrySettings> {
      if (body.senderPointCode) {
        const [point] = await db.select().from(boxberryPoints).where(eq(boxberryPoints.code, body.senderPointCode)).limit(1);
        if (!point)
          throw new AppError('NOT_FOUND', 'Пункт приёма не найден: загрузите пункты Boxberry и выберите из списка', {
            field: 'senderPointCode',
          });
      }
      let token: { tokenCipher: string | null; tokenHint: string | null } | Record<string, never> = {};
      if (body.token !== undefined) {
        try {
          token = body.token
            ? { tokenCipher: secrets.seal(body.token), tokenHint: body.token.slice(-4) }
            : { tokenCipher: null, tokenHint: null };
        } catch (error) {
          if (error instanceof SecretsKeyMissing) {
            throw new AppError('CONFLICT', 'Токен нельзя сохранить: на сервере не задан ключ шифрования SECRETS_KEY', { field: 'token' });
          }
          throw error;
        }
      }
      const values = {
        ...token,
        senderPointCode: body.senderPointCode,
        defaultLengthCm: body.defaultLengthCm,
        defaultWidthCm: body.defaultWidthCm,
        defaultHeightCm: body.defaultHeightCm,
        updatedById: actorId,
        updatedAt: new Date(),
      };
      await db
        .insert(boxberrySettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: boxberrySettings.id, set: values });
      return view();
    },

    /** Asks Boxberry for its cities and says, in words, what came back. */
    async check(): Promise<ConnectionCheck> {
      const started = Date.now();
      try {
        const { client, isDemo } = await link();
        const { citiesCount } = await client.checkConnection();
        const where = isDemo ? 'Демо-режим: встроенный эмулятор Boxberry отвечает' : 'Подключение работает: Boxberry отвечает';
        return { isOk: true, message: `${where}, городов с пунктами выдачи: ${citiesCount}`, ms: Date.now() - started };
      } catch (error) {
        if (error instanceof BoxberryError || error instanceof AppError)
          return { isOk: false, message: error.message, ms: Date.now() - started };
        throw error;
      }
    },

    /** The built-in emulator (tests move its parcels along and make it fail). */
    emulator: startEmulator,

    async close(): Promise<void> {
      if (emulator) await (await emulator.catch(() => null))?.close();
      emulator = null;
    },
  };
}

export type BoxberryConnection = ReturnType<typeof createBoxberryConnection>;
