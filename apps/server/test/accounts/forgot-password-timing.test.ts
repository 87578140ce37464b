import { endpoints } from '@vmeste/contract';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { lastOutboxMessage, newPhone, resetLinkIdOf, signUpClient } from '../fixtures/accounts-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Forgot-password must not tell by its time whether a phone has an account (issue 24, item 8): a
 * registered phone costs a link and a message, an unknown one a lookup, so the answer leaves a fixed
 * time after the limits (FORGOT_PASSWORD_ANSWER_MS). The test compares the medians of 40 pairs,
 * taken in alternating order; it is about indistinguishability, not speed, so the tolerance is wide
 * (without the fixed time a registered phone took about twice as long, far outside it).
 */

const PAIRS = 40;
const ANSWER_MS = 120;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ FORGOT_PASSWORD_ANSWER_MS: String(ANSWER_MS) });
});
afterAll(() => ctx.close());

async function timeForgot(phone: string): Promise<number> {
  const started = performance.now();
  const res = await call(ctx.app, endpoints.auth.forgotPassword, { body: { phone } });
  const elapsed = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

describe('forgot-password timing', () => {
  it('answers a registered and an unknown phone in the same time', { timeout: 60_000 }, async () => {
    const { phone: registered } = await signUpClient(ctx.app);
    const unknown = newPhone();
    // Warm both paths up (the first statements are planned, the first hash made).
    await timeForgot(registered);
    await timeForgot(unknown);

    const times = { registered: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < PAIRS; i += 1) {
      if (i % 2 === 0) {
        times.registered.push(await timeForgot(registered));
        times.unknown.push(await timeForgot(unknown));
      } else {
        times.unknown.push(await timeForgot(unknown));
        times.registered.push(await timeForgot(registered));
      }
    }
    const registeredMedian = median(times.registered);
    const unknownMedian = median(times.unknown);
    const ratio = registeredMedian / unknownMedian;
    expect(ratio, `medians: registered ${registeredMedian.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`).toBeGreaterThan(0.8);
    expect(ratio, `medians: registered ${registeredMedian.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`).toBeLessThan(1.25);

    // The registered phone did get its link, by the time the answer came.
    expect(resetLinkIdOf(await lastOutboxMessage(ctx.app, registered, 'password_reset'))).toMatch(/^[\w-]{40,}$/);
  });
});
