import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.dataDir).toMatch(/data$/);
  });

  it('seeds a PostgreSQL server only on request', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
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
