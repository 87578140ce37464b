import { endpoints } from '@vmeste/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { call } from '../fixtures/requests.js';

/**
 * The per-address limit must hold however a client fills X-Forwarded-For: behind one proxy only the
 * address that proxy appended is believed (TRUST_PROXY=true is one hop), and a listed proxy is
 * believed only when the connection really comes from it.
 */
const PER_IP = 3;

/** A forgot-password request for a new phone each time, so only the address's budget can run out. */
let phoneSeq = 0;
function forgot(ctx: TestContext, forwardedFor: string, remoteAddress = '127.0.0.1') {
  phoneSeq += 1;
  return call(ctx.app, endpoints.auth.forgotPassword, {
    body: { phone: `7900777${String(phoneSeq).padStart(4, '0')}` },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
}

async function statusesOf(requests: (() => Promise<{ statusCode: number }>)[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  return statuses;
}

describe.each([
  ['true', '127.0.0.1'],
  ['127.0.0.1,10.0.0.0/8', '10.20.30.40'],
])('TRUST_PROXY=%s', (trustProxy, proxyAddress) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_IP: String(PER_IP), AUTH_RATE_LIMIT_PER_PHONE: '100' });
  });
  afterAll(() => ctx.close());

  it('a client writing its own addresses in front of the proxy’s is still one address', async () => {
    // The proxy appends the address it saw (203.0.113.7); whatever the client put before it is ignored.
    const spoofed = Array.from({ length: 8 }, (_, i) => () => forgot(ctx, `198.51.100.${i + 1}, 203.0.113.7`, proxyAddress));
    const statuses = await statusesOf(spoofed);
    expect(statuses.slice(0, PER_IP)).toEqual(Array(PER_IP).fill(200));
    expect(statuses.slice(PER_IP)).toEqual(Array(8 - PER_IP).fill(429));
  });

  it('another client behind the same proxy has its own budget', async () => {
    expect((await forgot(ctx, '203.0.113.8', proxyAddress)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY with a list, from an address not on it', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT_PER_IP: String(PER_IP), AUTH_RATE_LIMIT_PER_PHONE: '100' });
  });
  afterAll(() => ctx.close());

  it('the header is not believed at all: the connection’s own address counts', async () => {
    const spoofed = Array.from({ length: 6 }, (_, i) => () => forgot(ctx, `198.51.100.${i + 1}`, '192.0.2.55'));
    const statuses = await statusesOf(spoofed);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6 - PER_IP);
  });
});
