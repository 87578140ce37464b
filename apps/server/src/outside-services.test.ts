import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { formatOutsideServices, outsideServicesOf, productionWarningsOf, type ServiceState } from './outside-services.js';

const boxberryOff: ServiceState = { service: 'Boxberry', mode: 'off', detail: 'токен не сохранён' };
const modesOf = (states: ServiceState[]) => Object.fromEntries(states.map((s) => [s.service, s.mode]));

describe('the start-up summary of outside services', () => {
  it('a bare production start: nothing fake, everything without credentials off', () => {
    const config = loadConfig({});
    const states = outsideServicesOf(config, boxberryOff);
    expect(modesOf(states)).toEqual({
      СМС: 'off',
      'Оплата онлайн': 'off',
      Boxberry: 'off',
      'Подсказки адресов DaData': 'off',
      Telegram: 'off',
      'Отчёты об ошибках (Sentry)': 'off',
    });
    expect(productionWarningsOf(config, states)).toEqual([]);
    const block = formatOutsideServices(states);
    expect(block).toContain('Внешние сервисы:');
    expect(block).toMatch(/Оплата онлайн\s+выключен\s+не подключена .*переводом на карту/);
    expect(block).toMatch(/Telegram\s+выключен\s+нет TELEGRAM_BOT_TOKEN/);
  });

  it('a development start names its emulators and the test payments', () => {
    const config = loadConfig({ NODE_ENV: 'development', DADATA_API_KEY: 'k', DADATA_BASE_URL: 'emulator' });
    const modes = modesOf(outsideServicesOf(config, { service: 'Boxberry', mode: 'emulated', detail: 'демо' }));
    expect(modes).toMatchObject({ 'Оплата онлайн': 'sandbox', Telegram: 'emulated', 'Подсказки адресов DaData': 'emulated' });
    expect(productionWarningsOf(config, outsideServicesOf(config, boxberryOff))).toEqual([]);
  });

  it('production with the test payment page chosen explicitly warns', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'sandbox' });
    const warnings = productionWarningsOf(config, outsideServicesOf(config, boxberryOff));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Оплата онлайн: в production работает тестовый режим — .*деньги не списываются/);
  });

  it('real services are named with what identifies them, never a secret', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'smsru',
      SMS_RU_API_ID: 'secret-sms-key',
      SMS_SENDER: 'Vmeste',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
      TELEGRAM_BOT_TOKEN: `123456:${'S'.repeat(30)}`,
      SENTRY_DSN: 'https://key@sentry.example/1',
    });
    const block = formatOutsideServices(outsideServicesOf(config, boxberryOff));
    expect(block).toContain('SMS.ru, отправитель Vmeste');
    expect(block).toContain('ЮKassa, магазин 123456');
    expect(block).not.toMatch(/secret-sms-key|live_secret|SSSSSSSS/);
  });
});
