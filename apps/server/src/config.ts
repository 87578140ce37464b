import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WEB_DIST_DIR: z.string().optional(),
  COMPANY_NAME: z.string().min(1).default('ООО «Вместе»'),
  COMPANY_INN: z
    .string()
    .regex(/^\d{10}(\d{2})?$/)
    .default('7700000000'),
  COMPANY_OGRN: z
    .string()
    .regex(/^\d{13}(\d{2})?$/)
    .default('1207700000000'),
  COMPANY_ADDRESS: z.string().min(1).default('123456, г. Москва, ул. Примерная, д. 1, офис 1'),
  COMPANY_EMAIL: z.email().default('help@vmeste.shop'),
  COMPANY_PHONE: z.string().min(1).default('+7 (800) 000-00-00'),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{5,32}$/)
    .default('vmeste_shop_bot'),
  SENTRY_DSN: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\w.:/]+(,[\w.:/]+)*)$/, 'ожидается true, false или адреса прокси через запятую (например, 127.0.0.1,10.0.0.0/8)')
    .default('false'),
  SMS_PROVIDER: z.enum(['none', 'smsru']).default('none'),
  SMS_RU_API_ID: z.string().min(1).optional(),
  SMS_RU_BASE_URL: z.url().default('https://sms.ru'),
  SMS_SENDER: z.string().min(1).max(11).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Uploaded covers and files; under DATA_DIR, or a temporary folder for an in-memory database. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  sessionTtlDays: number;
  authRateLimit: { perIp: number; perPhone: number; windowSeconds: number };
  bodyLimitBytes: number;
  webDistDir: string;
  /**
   * Whether X-Forwarded-For is believed: false (default), true, or only from the listed proxy addresses.
   * Believing it without a proxy would let anyone pick their address and walk past the rate limits.
   */
  trustProxy: boolean | string[];
  /** Where the shop is reachable from outside; links in messages start with it. */
  publicUrl: string;
  sms: { provider: 'none' } | { provider: 'smsru'; apiId: string; baseUrl: string; sender: string | undefined };
  /** Shown on the public pages and sent to the web app; nothing secret may go here. */
  publicSettings: {
    companyName: string;
    companyInn: string;
    companyOgrn: string;
    companyAddress: string;
    companyEmail: string;
    companyPhone: string;
    telegramBotUsername: string;
    sentryDsn: string | null;
  };
};

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the start with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Неверная настройка окружения:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER === 'smsru' && !e.SMS_RU_API_ID) {
    throw new ConfigError('Неверная настройка окружения:\n  SMS_RU_API_ID: нужен ключ API, когда SMS_PROVIDER=smsru');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR === ':memory:' ? ':memory:' : path.resolve(e.DATA_DIR),
    uploadsDir: e.DATA_DIR === ':memory:' ? fs.mkdtempSync(path.join(os.tmpdir(), 'vmeste-uploads-')) : path.resolve(e.DATA_DIR, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    // The embedded database is the demo and development setup, so it is seeded unless told otherwise;
    // a real server only on request.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perPhone: e.AUTH_RATE_LIMIT_PER_PHONE,
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY.split(','),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sms:
      e.SMS_PROVIDER === 'smsru' && e.SMS_RU_API_ID
        ? { provider: 'smsru', apiId: e.SMS_RU_API_ID, baseUrl: e.SMS_RU_BASE_URL.replace(/\/$/, ''), sender: e.SMS_SENDER }
        : { provider: 'none' },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    publicSettings: {
      companyName: e.COMPANY_NAME,
      companyInn: e.COMPANY_INN,
      companyOgrn: e.COMPANY_OGRN,
      companyAddress: e.COMPANY_ADDRESS,
      companyEmail: e.COMPANY_EMAIL,
      companyPhone: e.COMPANY_PHONE,
      telegramBotUsername: e.TELEGRAM_BOT_USERNAME,
      sentryDsn: e.SENTRY_DSN ?? null,
    },
  };
}
