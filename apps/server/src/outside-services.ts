import type { Config } from './config.js';

/**
 * What the shop is really connected to, printed once at start (decision 022): an operator reading
 * the log must see at a glance whether messages, payments and parcels go to the real services, to
 * the built-in emulators, to a test mode, or nowhere.
 */
export type ServiceMode = 'real' | 'emulated' | 'sandbox' | 'off';
export type ServiceState = { service: string; mode: ServiceMode; detail: string };

const modeLabels: Record<ServiceMode, string> = {
  real: 'настоящий',
  emulated: 'эмулятор',
  sandbox: 'ТЕСТОВЫЙ',
  off: 'выключен',
};

/** The states that do not depend on the database; Boxberry's (a token saved in the app) is passed in. */
export function outsideServicesOf(config: Config, boxberry: ServiceState): ServiceState[] {
  return [smsState(config), paymentsState(config), boxberry, dadataState(config), telegramState(config), errorReportingState(config)];
}

function smsState(config: Config): ServiceState {
  if (config.sms.provider === 'smsru') {
    return { service: 'СМС', mode: 'real', detail: `SMS.ru${config.sms.sender ? `, отправитель ${config.sms.sender}` : ''}` };
  }
  return {
    service: 'СМС',
    mode: 'off',
    detail: 'не отправляются: коды и ссылки пишутся в журнал сервера (задайте SMS_PROVIDER=smsru и SMS_RU_API_ID)',
  };
}

function paymentsState(config: Config): ServiceState {
  const service = 'Оплата онлайн';
  switch (config.publicSettings.paymentProvider) {
    case 'yookassa':
      return { service, mode: 'real', detail: `ЮKassa, магазин ${config.yookassa?.shopId ?? '—'}` };
    case 'sandbox':
      return {
        service,
        mode: 'sandbox',
        detail: 'встроенная «Тестовая оплата»: деньги не списываются, на каждой странице — «Тестовый режим оплаты»',
      };
    default:
      return {
        service,
        mode: 'off',
        detail: 'не подключена (нет PAYMENT_PROVIDER и ключей ЮKassa): клиенты платят переводом на карту и наличными',
      };
  }
}

function dadataState(config: Config): ServiceState {
  const service = 'Подсказки адресов DaData';
  const { dadataApiKey, dadataUrl } = config.delivery;
  if (!dadataApiKey) return { service, mode: 'off', detail: 'нет DADATA_API_KEY: адрес вводят вручную' };
  if (dadataUrl === 'emulator') return { service, mode: 'emulated', detail: 'встроенный эмулятор с демо-адресами' };
  return { service, mode: 'real', detail: dadataUrl };
}

function telegramState(config: Config): ServiceState {
  const service = 'Telegram';
  const bot = `@${config.publicSettings.telegramBotUsername}`;
  switch (config.telegram.mode) {
    case 'real':
      return { service, mode: 'real', detail: `бот ${bot}` };
    case 'emulator':
      return { service, mode: 'emulated', detail: 'встроенный эмулятор, чат — /telegram-emulator/ только с этого компьютера' };
    default:
      return { service, mode: 'off', detail: 'нет TELEGRAM_BOT_TOKEN: уведомления идут по СМС' };
  }
}

function errorReportingState(config: Config): ServiceState {
  const service = 'Отчёты об ошибках (Sentry)';
  return config.publicSettings.sentryDsn
    ? { service, mode: 'real', detail: 'ошибки браузера уходят в Sentry' }
    : { service, mode: 'off', detail: 'нет SENTRY_DSN' };
}

/** One block for the console: a line per service, its mode in a column. */
export function formatOutsideServices(states: ServiceState[]): string {
  const width = Math.max(...states.map((s) => s.service.length));
  const lines = states.map((s) => `  ${s.service.padEnd(width)}  ${modeLabels[s.mode].padEnd(9)}  ${s.detail}`);
  return `Внешние сервисы:\n${lines.join('\n')}`;
}

/** What a production start must shout about rather than list: money that is not real. */
export function productionWarningsOf(config: Config, states: ServiceState[]): string[] {
  if (!config.isProduction) return [];
  return states
    .filter((s) => s.mode === 'sandbox' || s.mode === 'emulated')
    .map((s) => `${s.service}: в production работает ${modeLabels[s.mode].toLowerCase()} режим — ${s.detail}`);
}
