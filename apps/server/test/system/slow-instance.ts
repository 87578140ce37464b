/**
 * The shop started as main.ts starts it (buildApp, the signal handling of shutdown.ts, listen) with two
 * things only a test needs: a request that takes SLOW_REQUEST_MS, and a background job that runs for
 * a minute, so a stop can be caught with both in flight. It prints when each has begun.
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { stopOnSignals } from '../../src/shutdown.js';

const config = loadConfig(process.env);
const app = await buildApp(config);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

app.get('/api/test/slow', async () => {
  console.log('slow request begun');
  await sleep(Number(process.env.SLOW_REQUEST_MS ?? 2000));
  return { isDone: true };
});
app.jobs.register({
  name: 'test.slow',
  everySeconds: 3600,
  run: async () => {
    console.log('slow job begun');
    await sleep(60_000);
  },
});

stopOnSignals(app, { timeoutSeconds: config.shutdownSeconds });
await app.listen({ host: config.host, port: config.port });
