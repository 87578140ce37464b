import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

/** Browser tests against the built app on a real server with a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  // One worker: on two cores a second browser starves the server and the first browser of CPU.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 }, launchOptions },
      testIgnore: /screenshots/,
    },
    { name: 'screenshots', use: { ...devices['Desktop Chrome'], launchOptions }, testMatch: /screenshots/ },
  ],
  webServer: {
    command: 'rm -rf e2e/.artifacts/data && node apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: 'e2e/.artifacts/data',
      SEED_DEMO: '1',
      // Not production: the outbox endpoint lets tests read activation codes and reset links.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every test signs in from the same address; the limits themselves are covered by API tests.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_PHONE: '100000',
      // Address suggestions from the built-in DaData emulator (demo addresses), as a shop with a key has them.
      DADATA_API_KEY: 'demo-dadata-key',
      DADATA_BASE_URL: 'emulator',
    },
  },
});
