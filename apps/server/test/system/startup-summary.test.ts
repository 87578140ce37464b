import { afterEach, describe, expect, it } from 'vitest';
import { formatOutsideServices, outsideServicesOf, productionWarningsOf } from '../../src/outside-services.js';
import type { ServiceState } from '../../src/shared/service-state.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';

/** The block `main.ts` prints before listening, from the areas of a real app (decision 022). */
const modesOf = (states: ServiceState[]) => Object.fromEntries(states.map((s) => [s.service, s.mode]));

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('the start-up summary of outside services', () => {
  it('a bare production start: nothing fake, every service without credentials off', async () => {
    ctx = await createTestApp({ NODE_ENV: 'production' });
    const states = await outsideServicesOf(ctx.config, ctx.app.areas);
    expect(modesOf(states)).toEqual({
      СМС: 'off',
      'Оплата онлайн': 'off',
      Boxberry: 'off',
      'Подсказки адресов DaData': 'off',
      Telegram: 'off',
      'Отчёты об ошибках (Sentry)': 'off',
      // Uploads in the data folder of the embedded database: real storage, nothing to configure.
      Файлы: 'real',
    });
    expect(productionWarningsOf(ctx.config, states)).toEqual([]);
    const block = formatOutsideServices(states);
    expect(block).toMatch(/^Внешние сервисы:\n/);
    expect(block).toMatch(/Оплата онлайн\s+выключен\s+не подключена .*переводом на карту/);
    expect(block).toMatch(/Telegram\s+выключен\s+нет TELEGRAM_BOT_TOKEN/);
    expect(block).toMatch(/Boxberry\s+выключен\s+токен не сохранён/);
  });

  it('a development start names its emulators and the test payments, and warns of nothing', async () => {
    ctx = await createTestApp({ NODE_ENV: 'development', DADATA_API_KEY: 'demo-dadata-key', DADATA_BASE_URL: 'emulator' });
    const states = await outsideServicesOf(ctx.config, ctx.app.areas);
    expect(modesOf(states)).toMatchObject({
      'Оплата онлайн': 'sandbox',
      Boxberry: 'emulated',
      'Подсказки адресов DaData': 'emulated',
      Telegram: 'emulated',
    });
    expect(productionWarningsOf(ctx.config, states)).toEqual([]);
  });

  it('production with the test payment page chosen on purpose warns', async () => {
    ctx = await createTestApp({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    const warnings = productionWarningsOf(ctx.config, await outsideServicesOf(ctx.config, ctx.app.areas));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Оплата онлайн: в production работает тестовый режим — .*деньги не списываются/);
  });

  it('real services are named by what identifies them, never by a secret', async () => {
    ctx = await createTestApp({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'smsru',
      SMS_RU_API_ID: 'secret-sms-key',
      SMS_SENDER: 'Vmeste',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
      SENTRY_DSN: 'https://key@sentry.example/1',
    });
    const block = formatOutsideServices(await outsideServicesOf(ctx.config, ctx.app.areas));
    expect(block).toMatch(/СМС\s+настоящий\s+SMS\.ru, отправитель Vmeste/);
    expect(block).toMatch(/Оплата онлайн\s+настоящий\s+ЮKassa, магазин 123456/);
    expect(block).not.toMatch(/secret-sms-key|live_secret/);
  });
});
