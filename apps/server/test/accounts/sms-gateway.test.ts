import { endpoints } from '@vmeste/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/tables.js';
import { createSmsRuClient } from '../../src/integrations/sms/smsru-client.js';
import { startSmsRuEmulator } from '../../src/integrations/sms/emulator/smsru-emulator.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { call, callUnchecked } from '../fixtures/requests.js';

let emulator: Awaited<ReturnType<typeof startSmsRuEmulator>>;
beforeAll(async () => {
  emulator = await startSmsRuEmulator();
});
afterAll(() => emulator.close());

describe('SMS.ru client', () => {
  it('sends a message and answers the gateway id', async () => {
    const client = createSmsRuClient({ apiId: 'key-1', baseUrl: emulator.baseUrl });
    const { providerMessageId } = await client.send('79001234567', 'Привет');
    expect(providerMessageId).toMatch(/^000000-\d{8}$/);
    expect(emulator.received.at(-1)).toEqual({ apiId: 'key-1', to: '79001234567', msg: 'Привет' });
  });

  it('fails on a request-level error and on a per-number error', async () => {
    await expect(createSmsRuClient({ apiId: 'bad-key', baseUrl: emulator.baseUrl }).send('79001234567', 'x')).rejects.toThrow(
      /Неправильный api_id/,
    );
    await expect(createSmsRuClient({ apiId: 'key-1', baseUrl: emulator.baseUrl }).send('79991234567', 'x')).rejects.toThrow(
      /нельзя отправлять/,
    );
  });

  it('fails when the gateway is unreachable', async () => {
    await expect(createSmsRuClient({ apiId: 'key-1', baseUrl: 'http://127.0.0.1:9' }).send('79001234567', 'x')).rejects.toThrow(
      /SMS.ru недоступен/,
    );
  });
});

describe('the shop with SMS_PROVIDER=smsru', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ SMS_PROVIDER: 'smsru', SMS_RU_API_ID: 'shop-key', SMS_RU_BASE_URL: emulator.baseUrl });
  });
  afterAll(() => ctx.close());

  it('sends the activation code by SMS with the sign-up and keeps only a redacted copy', async () => {
    const signup = await call(ctx.app, endpoints.auth.signUp, {
      body: { phone: '79161234567', name: 'Анна', surname: 'Белова', password: 'secret-pass', acceptPolicy: true },
    });
    expect(signup.statusCode).toBe(200);
    const authorization = `Bearer ${signup.json().accessToken}`;
    const sms = emulator.received.at(-1)!;
    expect(sms).toMatchObject({ apiId: 'shop-key', to: '79161234567' });
    const code = /(\d{6})/.exec(sms.msg)?.[1];
    const [stored] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.phone, '79161234567'))
      .orderBy(desc(outboxMessages.createdAt));
    expect(stored).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(stored!.text).not.toContain(code);
    const confirmed = await callUnchecked(ctx.app, endpoints.auth.confirmActivation, { headers: { authorization }, body: { code } });
    expect(confirmed.statusCode).toBe(200);
  });

  it('signs up when the SMS cannot be sent, then answers 503 in Russian on a request and lets the user retry at once', async () => {
    const signup = await call(ctx.app, endpoints.auth.signUp, {
      body: { phone: '79991234500', name: 'Иван', surname: 'Белов', password: 'secret-pass', acceptPolicy: true },
    });
    expect(signup.statusCode).toBe(200);
    const authorization = `Bearer ${signup.json().accessToken}`;
    // The code that did not go out does not hold the resend back.
    const status = await call(ctx.app, endpoints.auth.activationStatus, { headers: { authorization } });
    expect(status.json()).toEqual({ isCodeSent: false, resendAfterSeconds: 0 });
    const sent = await call(ctx.app, endpoints.auth.sendActivationCode, { headers: { authorization } });
    expect(sent.statusCode).toBe(503);
    expect(sent.json().message).toBe('Не удалось отправить СМС. Попробуйте ещё раз через минуту');
    const retry = await call(ctx.app, endpoints.auth.sendActivationCode, { headers: { authorization } });
    expect(retry.statusCode).toBe(503);
  });

  it('refuses to start without a key', async () => {
    await expect(createTestApp({ SMS_PROVIDER: 'smsru' })).rejects.toThrow(/SMS_RU_API_ID/);
  });
});
