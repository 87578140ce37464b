/**
 * An instance of the shop in a process of its own that writes one message in a transaction, commits
 * it and dies at once (SIGKILL), before its nudge or its job could deliver it — as a crashed server.
 */
import { buildApp } from '../../src/app.js';
import type { Message } from '../../src/areas/messaging/index.js';
import { loadConfig } from '../../src/config.js';

const app = await buildApp(loadConfig(process.env), { logger: false });
await app.ready();
process.on('message', (message: Message) => {
  void app.database.db
    .transaction((tx) => app.areas.messaging.messenger.notify(tx, message))
    .then(() => process.kill(process.pid, 'SIGKILL'));
});
process.send?.('ready');
