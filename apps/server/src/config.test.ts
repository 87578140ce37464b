import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.publicSettings.paymentProvider).toBe('sandbox');
    expect(config.telegram.mode).toBe('emulator');
  });

  it('runs nothing fake in production unless told to: no test payments, no demo data, no emulated Telegram', () => {
    const config = loadConfig({});
    expect(config.isProduction).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.publicSettings.paymentProvider).toBeNull();
    expect(config.telegram.mode).toBe('off');
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).publicSettings.paymentProvider).toBe('sandbox');
    const keys = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_x' };
    expect(loadConfig(keys).publicSettings.paymentProvider).toBe('yookassa');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: `123456:${'A'.repeat(30)}` }).telegram.mode).toBe('real');
  });

  it('refuses contradictory settings with a Russian line naming the variable', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ YOOKASSA_SHOP_ID: '123456' }, /YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: задайте оба/],
      [{ YOOKASSA_SECRET_KEY: 'live_x' }, /YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: задайте оба/],
      [{ PAYMENT_PROVIDER: 'yookassa' }, /YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY: нужны оба/],
      [{ PAYMENT_PROVIDER: 'sandbox', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'x' }, /PAYMENT_PROVIDER: задан sandbox/],
      [{ SMS_PROVIDER: 'smsru' }, /SMS_RU_API_ID: нужен ключ/],
      [{ SMS_RU_API_ID: 'key' }, /SMS_PROVIDER: задан ключ/],
      [{ TELEGRAM_CHANNEL_ID: '@vmeste_news' }, /TELEGRAM_BOT_TOKEN: канал/],
      [{ TELEGRAM_UPDATES: 'webhook', PUBLIC_URL: 'http://shop.example' }, /PUBLIC_URL: для TELEGRAM_UPDATES=webhook/],
      [{ DADATA_BASE_URL: 'emulator' }, /DADATA_BASE_URL: встроенный эмулятор/],
      [{ SEED_DEMO: '1' }, /SEED_DEMO: демо-данные/],
    ];
    for (const [env, message] of refusals) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    // Outside production the same trial settings are fine.
    expect(loadConfig({ NODE_ENV: 'development', DADATA_BASE_URL: 'emulator', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('believes one hop of X-Forwarded-For with TRUST_PROXY=true, or the listed proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  it('seeds a PostgreSQL server only on request', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u@localhost:5432/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('stops on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'восемьдесят' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'восемьдесят' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('takes the first admin only as a phone and a password together, checked like a sign-up', () => {
    expect(loadConfig({}).firstAdmin).toBeNull();
    expect(loadConfig({ ADMIN_PHONE: '8 (912) 000-11-22', ADMIN_PASSWORD: 'owner-pass-1' }).firstAdmin).toEqual({
      phone: '79120001122',
      password: 'owner-pass-1',
    });
    expect(() => loadConfig({ ADMIN_PHONE: '79120001122' })).toThrow(/ADMIN_PHONE, ADMIN_PASSWORD: укажите оба/);
    expect(() => loadConfig({ ADMIN_PHONE: '123', ADMIN_PASSWORD: 'owner-pass-1' })).toThrow(/ADMIN_PHONE/);
    expect(() => loadConfig({ ADMIN_PHONE: '79120001122', ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});

describe('loadConfig purity', () => {
  it('creates nothing on disk, even for an in-memory database', async () => {
    const { default: fs } = await import('node:fs');
    const config = loadConfig({ DATA_DIR: ':memory:' });
    expect(fs.existsSync(config.uploadsDir)).toBe(false);
  });

  it('reads every variable of the README', async () => {
    const { default: fs } = await import('node:fs');
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const name of configVariables) expect(readme, name).toContain(`\`${name}\``);
  });
});
