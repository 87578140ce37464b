import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importSoftly, installChunkErrorHandler } from './chunk-errors';

/** What Vite's preload helper does when a lazily loaded file fails: the event first, then the error. */
function failLikeVite(): Promise<never> {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  lastEvent = event;
  return Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/account-schemas-x.js'));
}
let lastEvent: Event | null = null;

describe('chunk errors', () => {
  beforeAll(() => installChunkErrorHandler());
  beforeEach(() => {
    sessionStorage.clear();
    lastEvent = null;
  });

  it("a page's file that fails reloads the page once a minute", async () => {
    await expect(failLikeVite()).rejects.toThrow(TypeError);
    expect(lastEvent?.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem('vmeste:chunk-reload-at')).not.toBeNull();

    await expect(failLikeVite()).rejects.toThrow(TypeError);
    expect(lastEvent?.defaultPrevented).toBe(false);
  });

  it('a soft load that fails goes to its caller and does not reload the page', async () => {
    await expect(importSoftly(failLikeVite)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(lastEvent?.defaultPrevented).toBe(false);
    expect(sessionStorage.getItem('vmeste:chunk-reload-at')).toBeNull();

    // Once it is over, a page's file failing reloads again.
    await expect(failLikeVite()).rejects.toThrow(TypeError);
    expect(lastEvent?.defaultPrevented).toBe(true);
  });
});
