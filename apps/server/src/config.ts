import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newPasswordField, phoneField } from '@vmeste/contract';
import { z } from 'zod';
import { type MoscowTime, parseMoscowTime } from './jobs/daily-time.js';

/** `10.0.0.5`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** One environment variable: its name and its rule (with the default where it has one). */
type Variable<T extends z.ZodType = z.ZodType> = { variable: string; schema: T };
const variable = <T extends z.ZodType>(name: string, schema: T): Variable<T> => ({ variable: name, schema });

/**
 * Every setting, in the shape the app reads it, each from one variable. Adding a setting is one line
 * here; the type of `config`, the validation and the error naming the variable all follow from it.
 */
const settings = {
  env: variable('NODE_ENV', z.enum(['development', 'production', 'test']).default('production')),
  host: variable('HOST', z.string().min(1).default('0.0.0.0')),
  port: variable('PORT', z.coerce.number().int().min(0).max(65535).default(3000)),
  dataDirSetting: variable('DATA_DIR', z.string().min(1).default('./data')),
  databaseUrl: variable('DATABASE_URL', z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  seedDemoSetting: variable('SEED_DEMO', flag.optional()),
  /** The shop's first administrator, made at start when nobody has that phone (no sign-up makes an admin). */
  firstAdminSettings: {
    phone: variable('ADMIN_PHONE', phoneField.optional()),
    password: variable('ADMIN_PASSWORD', newPasswordField.optional()),
  },
  logLevel: variable('LOG_LEVEL', z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  sessionTtlDays: variable('SESSION_TTL_DAYS', z.coerce.number().int().min(1).max(365).default(30)),
  authRateLimit: {
    perIp: variable('AUTH_RATE_LIMIT_PER_IP', z.coerce.number().int().min(1).default(20)),
    perPhone: variable('AUTH_RATE_LIMIT_PER_PHONE', z.coerce.number().int().min(1).default(10)),
    windowSeconds: variable('AUTH_RATE_LIMIT_WINDOW_SECONDS', z.coerce.number().int().min(1).max(86_400).default(900)),
    /** Wrong passwords of one account from every address in a window before its attempts are slowed. */
    perAccount: variable('AUTH_RATE_LIMIT_PER_ACCOUNT', z.coerce.number().int().min(1).default(50)),
    /** The longest wait between two attempts on an account under attack (the waits double up to it). */
    maxDelaySeconds: variable('AUTH_RATE_LIMIT_MAX_DELAY_SECONDS', z.coerce.number().int().min(1).max(3600).default(60)),
  },
  /** Forgot-password answers no sooner than this, whether the phone has an account or not (0: off). */
  forgotPasswordAnswerMs: variable('FORGOT_PASSWORD_ANSWER_MS', z.coerce.number().int().min(0).max(10_000).default(250)),
  bodyLimitBytes: variable('BODY_LIMIT_BYTES', z.coerce.number().int().min(1024).default(1_048_576)),
  /** On SIGTERM/SIGINT: how long requests in flight and a running job may take before they are cut off. */
  shutdownSeconds: variable('SHUTDOWN_TIMEOUT_SECONDS', z.coerce.number().min(0).max(600).default(10)),
  webDistDirSetting: variable('WEB_DIST_DIR', z.string().optional()),
  publicUrlSetting: variable('PUBLIC_URL', z.url().optional()),
  /**
   * Whether X-Forwarded-For is believed: false (default), true, or only from the listed proxy addresses.
   * Believing it without a proxy would let anyone pick their address and walk past the rate limits.
   */
  trustProxy: variable(
    'TRUST_PROXY',
    z
      .string()
      .regex(
        /^(true|false|[\w.:/]+(,[\w.:/]+)*)$/,
        'ожидается true, false или адреса прокси через запятую (например, 127.0.0.1,10.0.0.0/8)',
      )
      .default('false')
      // `true` is one hop, the nearest proxy: believing the whole header would let a client write its
      // own address in front of the proxy's (Fastify's `true` takes the leftmost entry).
      .transform((v): false | number | string[] => (v === 'true' ? 1 : v === 'false' ? false : v.split(','))),
  ),
  /**
   * Who may read /metrics: addresses and networks through commas, judged by the connection's own
   * address (never X-Forwarded-For, which a client writes). Loopback by default: a Prometheus on the machine.
   */
  metricsAllow: variable(
    'METRICS_ALLOW',
    z
      .string()
      .regex(/^[\w.:/]+(,[\w.:/]+)*$/, 'ожидаются адреса или сети через запятую (например, 127.0.0.1,10.0.0.0/8)')
      .default('127.0.0.0/8,::1')
      .transform((v) => v.split(','))
      .refine((entries) => entries.every(isAddressOrNetwork), 'адрес или сеть не разобраны (ожидается, например, 10.0.0.0/8 или ::1)'),
  ),
  smsSettings: {
    provider: variable('SMS_PROVIDER', z.enum(['none', 'smsru']).default('none')),
    apiId: variable('SMS_RU_API_ID', z.string().min(1).optional()),
    baseUrl: variable(
      'SMS_RU_BASE_URL',
      z
        .url()
        .default('https://sms.ru')
        .transform((v) => v.replace(/\/$/, '')),
    ),
    sender: variable('SMS_SENDER', z.string().min(1).max(11).optional()),
  },
  /** Shown on the public pages and sent to the web app; nothing secret may go here. */
  publicSettings: {
    companyName: variable('COMPANY_NAME', z.string().min(1).default('ООО «Вместе»')),
    companyInn: variable(
      'COMPANY_INN',
      z
        .string()
        .regex(/^\d{10}(\d{2})?$/)
        .default('7700000000'),
    ),
    companyOgrn: variable(
      'COMPANY_OGRN',
      z
        .string()
        .regex(/^\d{13}(\d{2})?$/)
        .default('1207700000000'),
    ),
    companyAddress: variable('COMPANY_ADDRESS', z.string().min(1).default('123456, г. Москва, ул. Примерная, д. 1, офис 1')),
    companyEmail: variable('COMPANY_EMAIL', z.email().default('help@vmeste.shop')),
    companyPhone: variable('COMPANY_PHONE', z.string().min(1).default('+7 (800) 000-00-00')),
    telegramBotUsername: variable(
      'TELEGRAM_BOT_USERNAME',
      z
        .string()
        .regex(/^[A-Za-z0-9_]{5,32}$/)
        .default('vmeste_shop_bot'),
    ),
    sentryDsn: variable(
      'SENTRY_DSN',
      z
        .url()
        .optional()
        .transform((v) => v ?? null),
    ),
    /**
     * sandbox — the built-in test provider with a local payment page; yookassa — real money. Unset:
     * sandbox outside production; in production YooKassa when its keys are given, otherwise no online
     * payment at all (a production start never takes the test page by default, decision 022).
     */
    paymentProvider: variable('PAYMENT_PROVIDER', z.enum(['sandbox', 'yookassa']).optional()),
    /** The shop's distribution point, where self-pickup parcels are collected. */
    pickupAddress: variable('PICKUP_ADDRESS', z.string().min(1).default('г. Москва, ул. Примерная, д. 1, склад «Вместе» (вход со двора)')),
    pickupHours: variable('PICKUP_HOURS', z.string().min(1).default('пн–пт 10:00–20:00, сб 11:00–17:00, вс — выходной')),
  },
  delivery: {
    /**
     * Boxberry's API (json.php). Used once a token is saved on «Настройки Boxberry»; without a token
     * the shop talks to its built-in emulator with demo cities and points, and in production Boxberry is off.
     */
    boxberryUrl: variable('BOXBERRY_BASE_URL', z.url().default('https://api.boxberry.ru/json.php')),
    boxberryTimeoutMs: variable('BOXBERRY_TIMEOUT_MS', z.coerce.number().int().min(100).max(120_000).default(15_000)),
    /** The Moscow time of the daily reload of Boxberry's pickup points: at night, when nobody is choosing one. */
    pointsSyncAt: variable(
      'BOXBERRY_POINTS_SYNC_AT',
      z
        .string()
        .default('03:00')
        .refine((text) => parseMoscowTime(text) !== null, 'время по Москве — ЧЧ:ММ, например 03:00')
        .transform((text) => parseMoscowTime(text) as MoscowTime),
    ),
    /** DaData's suggestions key; without it the address is typed by hand. */
    dadataApiKey: variable('DADATA_API_KEY', z.string().min(1).optional()),
    /** DaData's host, or `emulator` for the built-in one (demo addresses; for trying the shop offline). */
    dadataUrl: variable(
      'DADATA_BASE_URL',
      z
        .union([z.literal('emulator'), z.url()])
        .default('https://suggestions.dadata.ru')
        .transform((v) => v.replace(/\/$/, '')),
    ),
    dadataTimeoutMs: variable('DADATA_TIMEOUT_MS', z.coerce.number().int().min(100).max(30_000).default(3000)),
    /** Address suggestions one signed-in person may ask for in a minute. */
    suggestPerMinute: variable('ADDRESS_SUGGEST_PER_MINUTE', z.coerce.number().int().min(1).max(10_000).default(120)),
    /** Address suggestions one address (request.ip) may ask for in a minute, whoever is signed in there. */
    suggestPerMinutePerIp: variable('ADDRESS_SUGGEST_PER_MINUTE_PER_IP', z.coerce.number().int().min(1).max(10_000).default(60)),
    /** The whole shop's suggestions in a Moscow day: below DaData's free 10,000, so the paid quota is never drained. */
    suggestPerDay: variable('ADDRESS_SUGGEST_PER_DAY', z.coerce.number().int().min(1).max(10_000_000).default(9000)),
    /** Secrets kept in the database (the Boxberry token) are encrypted with a key derived from this. */
    secretsKey: variable('SECRETS_KEY', z.string().min(16, 'ключ шифрования — не короче 16 символов').optional()),
  },
  yookassaSettings: {
    shopId: variable('YOOKASSA_SHOP_ID', z.string().regex(/^\d+$/, 'shopId ЮKassa — число').optional()),
    secretKey: variable('YOOKASSA_SECRET_KEY', z.string().min(1).optional()),
    baseUrl: variable(
      'YOOKASSA_BASE_URL',
      z
        .url()
        .default('https://api.yookassa.ru/v3')
        .transform((v) => v.replace(/\/$/, '')),
    ),
    /** 54-FZ VAT code of the receipt lines: 1 — без НДС (УСН), 11 — 22 % from 2026. */
    vatCode: variable('YOOKASSA_VAT_CODE', z.coerce.number().int().min(1).max(12).default(1)),
    /**
     * Addresses notifications may come from: empty — any (the payment is read again from YooKassa
     * anyway), `yookassa` — YooKassa's published networks, or networks through commas.
     */
    notifyNetworks: variable(
      'YOOKASSA_NOTIFY_NETWORKS',
      z
        .string()
        .regex(/^(yookassa|[\w.:/]+(,[\w.:/]+)*)$/, 'ожидается yookassa или сети через запятую (например, 185.71.76.0/27)')
        .optional(),
    ),
  },
  payments: {
    /** An online payment nobody paid is canceled after this (YooKassa's pay window for SBP is an hour). */
    expiryMinutes: variable(
      'PAYMENT_EXPIRY_MINUTES',
      z.coerce
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 60)
        .default(60),
    ),
    /** A transfer whose receipt never came is canceled after this, so its orders can be paid otherwise. */
    receiptWaitHours: variable(
      'TRANSFER_RECEIPT_WAIT_HOURS',
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 30)
        .default(72),
    ),
    providerTimeoutMs: variable('PAYMENT_PROVIDER_TIMEOUT_MS', z.coerce.number().int().min(100).max(60_000).default(10_000)),
  },
  telegram: {
    /** The bot's token from @BotFather; without it Telegram is the built-in emulator outside production and off in production. Secret: never logged. */
    botToken: variable(
      'TELEGRAM_BOT_TOKEN',
      z
        .string()
        .regex(/^\d+:[\w-]{20,}$/, 'токен бота — вида 123456789:AA…')
        .optional(),
    ),
    apiUrl: variable(
      'TELEGRAM_API_URL',
      z
        .url()
        .default('https://api.telegram.org')
        .transform((v) => v.replace(/\/$/, '')),
    ),
    /** The shop's channel (`@name` or `-100…`), where the admin's posts go; the bot must be its admin. */
    channelId: variable(
      'TELEGRAM_CHANNEL_ID',
      z
        .string()
        .regex(/^(@[A-Za-z][\w]{3,31}|-100\d{5,})$/, 'канал — @имя или числовой id вида -100…')
        .optional(),
    ),
    /** auto — a webhook when PUBLIC_URL is https, long polling otherwise (development, no public address). */
    updates: variable('TELEGRAM_UPDATES', z.enum(['auto', 'webhook', 'polling']).default('auto')),
    /** Telegram's bulk limit is about 30 messages a second for a bot; lower it to be gentler. */
    messagesPerSecond: variable('TELEGRAM_MESSAGES_PER_SECOND', z.coerce.number().min(0.1).max(1000).default(30)),
    /**
     * How long a message an instance took for sending stays its own. An instance that stops within
     * it leaves the message unconfirmed rather than sent twice (docs/decisions/020).
     */
    leaseSeconds: variable('TELEGRAM_LEASE_SECONDS', z.coerce.number().int().min(2).max(3600).default(60)),
  },
  /** Where uploads live (docs/decisions/035): see `fileStorageOf` below. */
  fileStorageSettings: {
    /** auto — S3 when S3_BUCKET is given, PostgreSQL with DATABASE_URL, the folder DATA_DIR/uploads otherwise. */
    kind: variable('FILE_STORAGE', z.enum(['auto', 'local', 'database', 's3']).default('auto')),
    bucket: variable(
      'S3_BUCKET',
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'имя корзины — от 3 до 63 строчных латинских букв, цифр, точек и дефисов')
        .optional(),
    ),
    /** An S3-compatible service (MinIO, Yandex Object Storage…); Amazon S3 itself when absent. */
    endpoint: variable('S3_ENDPOINT', z.url().optional()),
    region: variable('S3_REGION', z.string().min(1).default('us-east-1')),
    /** Secret: never logged. */
    accessKeyId: variable('S3_ACCESS_KEY_ID', z.string().min(1).optional()),
    secretAccessKey: variable('S3_SECRET_ACCESS_KEY', z.string().min(1).optional()),
    /** host/bucket/key addresses; on by default with S3_ENDPOINT, as most S3-compatible services want. */
    forcePathStyle: variable('S3_FORCE_PATH_STYLE', flag.optional()),
  },
  jobs: {
    /** Background jobs (payment re-checks, expiry, clean-up) run in every instance; off for tests that drive them. */
    isEnabled: variable('JOBS_ENABLED', flag.default(true)),
    pollSeconds: variable('JOBS_POLL_SECONDS', z.coerce.number().int().min(1).max(3600).default(15)),
  },
};

type SettingsTree = { [key: string]: Variable | SettingsTree };
type Read<T> = T extends Variable<infer S> ? z.output<S> : { [K in keyof T]: Read<T[K]> };

function isVariable(node: Variable | SettingsTree): node is Variable {
  return 'variable' in node && 'schema' in node;
}

function variablesOf(tree: SettingsTree): Variable[] {
  return Object.values(tree).flatMap((node) => (isVariable(node) ? [node] : variablesOf(node)));
}

function readTree<T extends SettingsTree>(tree: T, values: Record<string, unknown>): Read<T> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => [key, isVariable(node) ? values[node.variable] : readTree(node, values)]),
  ) as Read<T>;
}

/** The names of every variable the app reads, for the README and the tests. */
export const configVariables = variablesOf(settings).map((v) => v.variable);

export class ConfigError extends Error {}

/**
 * Reads the environment; a bad value throws with the variable's name. Pure: it creates no folder and
 * opens nothing, so reading the config twice or in a test has no effect on the machine.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const schema = z.object(Object.fromEntries(variablesOf(settings).map((v) => [v.variable, v.schema])));
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Неверная настройка окружения:\n${lines.join('\n')}`);
  }
  const {
    dataDirSetting,
    seedDemoSetting,
    webDistDirSetting,
    publicUrlSetting,
    smsSettings,
    yookassaSettings,
    firstAdminSettings,
    fileStorageSettings,
    ...rest
  } = readTree(settings, parsed.data);
  const isProduction = rest.env === 'production';
  const { shopId, secretKey } = yookassaSettings;
  const contradiction = contradictionOf({ isProduction, raw: parsed.data, sms: smsSettings, seedDemo: seedDemoSetting });
  if (contradiction) throw new ConfigError(`Неверная настройка окружения:\n  ${contradiction}`);
  const files = fileStorageOf({ isProduction, hasDatabaseServer: rest.databaseUrl !== undefined, settings: fileStorageSettings });
  if (typeof files === 'string') throw new ConfigError(`Неверная настройка окружения:\n  ${files}`);
  const paymentProvider = rest.publicSettings.paymentProvider ?? (!isProduction ? 'sandbox' : shopId && secretKey ? 'yookassa' : null);
  const isInMemory = dataDirSetting === ':memory:';
  return {
    ...rest,
    isProduction,
    publicSettings: { ...rest.publicSettings, paymentProvider },
    telegram: {
      ...rest.telegram,
      /** real — the Bot API with the token; emulator — the built-in one (never in production); off. */
      mode: (rest.telegram.botToken ? 'real' : isProduction ? 'off' : 'emulator') as 'real' | 'emulator' | 'off',
    },
    dataDir: isInMemory ? ':memory:' : path.resolve(dataDirSetting),
    /** Uploaded covers and files: under DATA_DIR, or a fresh temporary folder for an in-memory database. */
    uploadsDir: isInMemory ? path.join(os.tmpdir(), `vmeste-uploads-${randomUUID()}`) : path.resolve(dataDirSetting, 'uploads'),
    /** Which file storage the shop uses and with what (`integrations/storage/select-file-storage.ts` opens it). */
    files,
    // The embedded database is the demo and development setup, so it is seeded unless told otherwise;
    // a real server only on request, and production never (the demo accounts' password is public).
    seedDemo: seedDemoSetting ?? (!rest.databaseUrl && !isProduction),
    webDistDir: path.resolve(webDistDirSetting ?? new URL('../../web/dist', import.meta.url).pathname),
    /** Where the shop is reachable from outside; links in messages start with it. */
    publicUrl: (publicUrlSetting ?? `http://localhost:${rest.port}`).replace(/\/$/, ''),
    sms:
      smsSettings.provider === 'smsru' && smsSettings.apiId
        ? { provider: 'smsru' as const, apiId: smsSettings.apiId, baseUrl: smsSettings.baseUrl, sender: smsSettings.sender }
        : { provider: 'none' as const },
    yookassa: shopId && secretKey ? { ...yookassaSettings, shopId, secretKey } : null,
    firstAdmin:
      firstAdminSettings.phone && firstAdminSettings.password
        ? { phone: firstAdminSettings.phone, password: firstAdminSettings.password }
        : null,
  };
}

export type Config = ReturnType<typeof loadConfig>;

type FileStorageChoice = {
  kind: 'local' | 'database' | 's3';
  s3: {
    bucket: string;
    endpoint: string | undefined;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  } | null;
  /** Why S3 was asked for and is not used: a production start without its keys says so and goes on (decision 022). */
  s3OffReason: string | null;
};

/**
 * Where uploads go: S3 when its settings are whole, PostgreSQL on a server, the local folder on the
 * embedded database. Settings that are half given stop the start with a line naming the variables,
 * except a production start without S3's keys: S3 is then off, loudly, and files stay in PostgreSQL.
 */
function fileStorageOf({
  isProduction,
  hasDatabaseServer,
  settings: s,
}: {
  isProduction: boolean;
  hasDatabaseServer: boolean;
  settings: Read<(typeof settings)['fileStorageSettings']>;
}): FileStorageChoice | string {
  const withoutS3 = hasDatabaseServer ? 'database' : 'local';
  if (s.kind === 'database' && !hasDatabaseServer) {
    return 'FILE_STORAGE: файлы в базе данных хранятся только на сервере PostgreSQL (DATABASE_URL); встроенная база хранит их в папке DATA_DIR/uploads';
  }
  const anyS3 = [s.bucket, s.endpoint, s.accessKeyId, s.secretAccessKey].some((v) => v !== undefined);
  if (s.kind === 's3' && !s.bucket) return 'S3_BUCKET: нужна корзина, когда FILE_STORAGE=s3';
  if (anyS3 && !s.bucket) return 'S3_BUCKET: настройки S3_* заданы без корзины; задайте S3_BUCKET или уберите их';
  if ((s.accessKeyId === undefined) !== (s.secretAccessKey === undefined)) {
    return 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: задайте оба ключа или ни одного';
  }
  const wantsS3 = s.kind === 's3' || (s.kind === 'auto' && s.bucket !== undefined);
  if (!wantsS3) return { kind: s.kind === 'auto' ? withoutS3 : s.kind, s3: null, s3OffReason: null };
  if (!s.accessKeyId || !s.secretAccessKey) {
    if (!isProduction || s.kind === 's3') {
      return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: нужны ключи доступа к корзине ${s.bucket}`;
    }
    const place = hasDatabaseServer ? 'в PostgreSQL' : 'в папке DATA_DIR/uploads';
    return {
      kind: withoutS3,
      s3: null,
      s3OffReason: `S3 выключен: не заданы S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY; файлы хранятся ${place}`,
    };
  }
  return {
    kind: 's3',
    s3: {
      bucket: s.bucket!,
      endpoint: s.endpoint,
      region: s.region,
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
      forcePathStyle: s.forcePathStyle ?? s.endpoint !== undefined,
    },
    s3OffReason: null,
  };
}

/**
 * Settings that cannot all be meant: one half of a pair, or something fake asked of a production
 * start. Returns the line naming the variables, or null.
 */
function contradictionOf({
  isProduction,
  raw,
  sms,
  seedDemo,
}: {
  isProduction: boolean;
  raw: Record<string, unknown>;
  sms: { provider: 'none' | 'smsru'; apiId?: string | undefined };
  seedDemo: boolean | undefined;
}): string | null {
  const has = (name: string) => raw[name] !== undefined;
  if (sms.provider === 'smsru' && !sms.apiId) return 'SMS_RU_API_ID: нужен ключ API, когда SMS_PROVIDER=smsru';
  if (has('YOOKASSA_SHOP_ID') !== has('YOOKASSA_SECRET_KEY')) {
    return 'YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: задайте оба или ни одного';
  }
  if (raw.PAYMENT_PROVIDER === 'yookassa' && !has('YOOKASSA_SHOP_ID')) {
    return 'YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: нужны оба, когда PAYMENT_PROVIDER=yookassa';
  }
  if (has('ADMIN_PHONE') !== has('ADMIN_PASSWORD')) return 'ADMIN_PHONE, ADMIN_PASSWORD: укажите оба или ни одного';
  if (!isProduction) return null;
  if (raw.PAYMENT_PROVIDER === 'sandbox' && has('YOOKASSA_SHOP_ID')) {
    return 'PAYMENT_PROVIDER: задан sandbox (тестовая оплата), хотя даны ключи ЮKassa; уберите одно из двух';
  }
  if (has('SMS_RU_API_ID') && sms.provider !== 'smsru') return 'SMS_PROVIDER: задан ключ SMS_RU_API_ID, но SMS_PROVIDER не smsru';
  if (has('TELEGRAM_CHANNEL_ID') && !has('TELEGRAM_BOT_TOKEN'))
    return 'TELEGRAM_BOT_TOKEN: канал TELEGRAM_CHANNEL_ID задан без токена бота';
  if (raw.TELEGRAM_UPDATES === 'webhook' && !String(raw.PUBLIC_URL ?? '').startsWith('https://')) {
    return 'PUBLIC_URL: для TELEGRAM_UPDATES=webhook нужен адрес https://';
  }
  if (raw.DADATA_BASE_URL === 'emulator') return 'DADATA_BASE_URL: встроенный эмулятор DaData не работает в production';
  if (seedDemo) return 'SEED_DEMO: демо-данные с известными паролями в production не создаются';
  return null;
}
