/**
 * One more instance of the shop in a process of its own, configured by the environment the test
 * gives it, so the test can kill it without warning (SIGKILL) as a crashed server would die.
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const app = await buildApp(loadConfig(process.env), { logger: false });
await app.ready();
process.send?.('ready');
