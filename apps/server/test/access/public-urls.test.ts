import { listEndpoints } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';

/**
 * Every public URL of the API, one line each (method, path, the contract's name), kept in a file, so a
 * changed or removed address shows up in review as a changed line: the web app, bookmarks and outside
 * callers (YooKassa's and Telegram's webhooks) depend on them. `npx vitest run -u` accepts a change.
 */
describe('the public URLs', () => {
  it('are the ones the snapshot lists', async () => {
    const lines = listEndpoints().map(({ name, def }) => `${def.method.padEnd(6)} /api${def.path}  ${name}`);
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/public-urls.txt');
  });
});
