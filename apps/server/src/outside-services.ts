import type { Areas } from './areas.js';
import type { Config } from './config.js';
import type { ServiceMode, ServiceState } from './shared/service-state.js';
import { fileStorageState } from './integrations/storage/select-file-storage.js';

/**
 * What the shop is really connected to, printed once at start (decision 022): an operator reading
 * the log must see at a glance whether messages, payments and parcels go to the real services, to
 * the built-in emulators, to a test mode, or nowhere. The areas that talk to a service say its state;
 * SMS and error reporting are plain settings.
 */
const modeLabels: Record<ServiceMode, string> = {
  real: 'настоящий',
  emulated: 'эмулятор',
  sandbox: 'ТЕСТОВЫЙ',
  off: 'выключен',
};

export async function outsideServicesOf(config: Config, areas: Areas): Promise<ServiceState[]> {
  return [
    smsState(config),
    areas.payments.serviceState(),
    ...(await areas.delivery.serviceStates()),
    areas.telegram.serviceState(),
    errorReportingState(config),
    fileStorageState(config),
  ];
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
