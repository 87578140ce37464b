import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startYooKassaEmulator,
  type YooKassaEmulator,
  type YooKassaPayment,
} from '../../src/integrations/yookassa/emulator/yookassa-emulator.js';

type Notification = { type: string; event: string; object: YooKassaPayment };

/** Stands in for the shop's notification endpoint: keeps what arrives, answers 200. */
async function startReceiver() {
  const received: Notification[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(JSON.parse(body) as Notification);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/notifications`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let yk: YooKassaEmulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  yk = await startYooKassaEmulator({ notificationUrl: receiver.url });
});
afterEach(() => {
  yk.reset();
  receiver.received.length = 0;
});
afterAll(async () => {
  await yk.close();
  await receiver.close();
});

const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const shopAuth = basicAuth('123456', 'test_secret');

function post(path: string, body: unknown, options: { key?: string | null; authorization?: string; signal?: AbortSignal } = {}) {
  const key = options.key === undefined ? crypto.randomUUID() : options.key;
  return fetch(`${yk.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: options.authorization ?? shopAuth,
      'content-type': 'application/json',
      ...(key !== null && { 'idempotence-key': key }),
    },
    body: JSON.stringify(body),
    ...(options.signal && { signal: options.signal }),
  });
}

function get(path: string, authorization = shopAuth) {
  return fetch(`${yk.apiUrl}${path}`, { headers: { authorization } });
}

/** A valid order of 1500.00: tea 2 × 500.00 and delivery 500.00. */
function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: { value: '1500.00', currency: 'RUB' },
    capture: true,
    confirmation: { type: 'redirect', return_url: 'http://127.0.0.1:3000/orders/72' },
    payment_method_data: { type: 'sbp' },
    description: 'Заказ №72',
    metadata: { order_id: '72' },
    receipt: {
      customer: { phone: '79001234567' },
      items: [item('Чай', '500.00', 2), item('Доставка', '500.00', 1, 'service')],
    },
    ...overrides,
  };
}

function item(description: string, value: string, quantity: number, payment_subject = 'commodity') {
  return { description, quantity, amount: { value, currency: 'RUB' }, vat_code: 1, payment_mode: 'full_prepayment', payment_subject };
}

async function createPayment(overrides: Record<string, unknown> = {}): Promise<YooKassaPayment> {
  const response = await post('/payments', paymentBody(overrides));
  expect(response.status).toBe(200);
  return (await response.json()) as YooKassaPayment;
}

async function payOnPage(payment: YooKassaPayment, decision: 'pay' | 'decline') {
  return fetch(`${yk.baseUrl}/checkout/${payment.id}/${decision}`, { method: 'POST', redirect: 'manual' });
}

describe('YooKassa emulator: payments', () => {
  it('creates a pending payment that sends the buyer to the checkout page', async () => {
    const payment = await createPayment();
    expect(payment).toMatchObject({
      status: 'pending',
      paid: false,
      test: true,
      refundable: false,
      amount: { value: '1500.00', currency: 'RUB' },
      description: 'Заказ №72',
      metadata: { order_id: '72' },
      recipient: { account_id: '123456' },
      payment_method: { type: 'sbp', id: payment.id, saved: false },
      confirmation: {
        type: 'redirect',
        confirmation_url: `${yk.baseUrl}/checkout/${payment.id}`,
        return_url: 'http://127.0.0.1:3000/orders/72',
      },
    });
    expect(payment.id).toHaveLength(36);
    expect(Date.parse(payment.expires_at) - Date.parse(payment.created_at)).toBe(60 * 60 * 1000);
    expect(await (await get(`/payments/${payment.id}`)).json()).toEqual(payment);
  });

  it('refuses wrong credentials in the error shape, and answers not_found for an unknown payment', async () => {
    const refused = await post('/payments', paymentBody(), { authorization: basicAuth('123456', 'wrong') });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ type: 'error', id: expect.any(String), code: 'invalid_credentials' });
    expect((await get(`/payments/${crypto.randomUUID()}`, basicAuth('1', 'x'))).status).toBe(401);

    const unknown = await get(`/payments/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ type: 'error', code: 'not_found' });
    expect(yk.payments.size).toBe(0);
  });

  it('requires a well-formed Idempotence-Key', async () => {
    for (const key of [null, 'has space', 'x'.repeat(65)]) {
      const response = await post('/payments', paymentBody(), { key });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_request', parameter: 'Idempotence-Key' });
    }
  });

  it('replays the first answer for the same key and body, and refuses the key with another body', async () => {
    const key = crypto.randomUUID();
    const first = await (await post('/payments', paymentBody(), { key })).json();
    const replay = await post('/payments', paymentBody(), { key });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    expect(yk.payments.size).toBe(1);

    const conflict = await post('/payments', paymentBody({ description: 'Другой заказ' }), { key });
    expect(conflict.status).toBe(400);
    expect(await conflict.json()).toMatchObject({
      code: 'invalid_request',
      parameter: 'Idempotence-Key',
      description: 'Idempotence key duplicated',
    });
    expect(yk.requests.map((r) => r.idempotenceKey)).toEqual([key, key, key]);
  });

  it('refuses a receipt whose items do not add up to the payment', async () => {
    const body = paymentBody({ amount: { value: '1400.00', currency: 'RUB' } });
    const response = await post('/payments', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request', parameter: 'receipt' });
    expect(yk.payments.size).toBe(0);
  });

  it.each([
    ['a number as the amount', { amount: { value: 1500, currency: 'RUB' } }, 'amount.value'],
    ['one decimal in the amount', { amount: { value: '1500.0', currency: 'RUB' } }, 'amount.value'],
    ['another currency', { amount: { value: '1500.00', currency: 'USD' } }, 'amount.currency'],
    ['no confirmation', { confirmation: undefined }, 'confirmation'],
    ['a two-stage payment', { capture: false }, 'capture'],
    ['an unknown method', { payment_method_data: { type: 'cash' } }, 'payment_method_data.type'],
    ['a long description', { description: 'я'.repeat(129) }, 'description'],
    ['17 metadata keys', { metadata: Object.fromEntries([...Array(17).keys()].map((i) => [`k${i}`, 'v'])) }, 'metadata'],
    ['no receipt', { receipt: undefined }, 'receipt'],
    ['a customer without contacts', { receipt: { customer: {}, items: [item('Чай', '1500.00', 1)] } }, 'receipt.customer'],
    ['no items', { receipt: { customer: { email: 'u@x.ru' }, items: [] } }, 'receipt.items'],
    [
      'a VAT code of 13',
      { receipt: { customer: { email: 'u@x.ru' }, items: [{ ...item('Чай', '1500.00', 1), vat_code: 13 }] } },
      'receipt.items[0].vat_code',
    ],
  ])('refuses %s', async (_name, overrides, parameter) => {
    const response = await post('/payments', paymentBody(overrides));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', code: 'invalid_request', parameter });
  });
});

describe('YooKassa emulator: the checkout page', () => {
  it('shows the amount and both buttons in Russian', async () => {
    const payment = await createPayment();
    const page = await fetch(payment.confirmation.confirmation_url);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toMatch(/1\s500,00\s₽/);
    expect(html).toContain('Оплатить');
    expect(html).toContain('Отказаться');
    expect(html).toContain(`action="/checkout/${payment.id}/pay"`);
  });

  it('pays: the payment succeeds, the shop is notified, the buyer goes back to the shop', async () => {
    const payment = await createPayment();
    const answer = await payOnPage(payment, 'pay');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('http://127.0.0.1:3000/orders/72');

    const paid = (await (await get(`/payments/${payment.id}`)).json()) as YooKassaPayment;
    expect(paid).toMatchObject({ status: 'succeeded', paid: true, refundable: true, captured_at: expect.any(String) });
    expect(paid.payment_method?.sbp_operation_id).toMatch(/^[0-9A-F]{32}$/);
    expect(receiver.received).toEqual([{ type: 'notification', event: 'payment.succeeded', object: paid }]);
    expect(yk.notifications).toEqual([{ event: 'payment.succeeded', paymentId: payment.id, status: 200 }]);
  });

  it('declines: the payment is canceled by the payment network and the shop is notified', async () => {
    const payment = await createPayment({ payment_method_data: { type: 'bank_card' } });
    expect((await payOnPage(payment, 'decline')).status).toBe(302);
    expect(yk.payments.get(payment.id)).toMatchObject({
      status: 'canceled',
      paid: false,
      cancellation_details: { party: 'payment_network', reason: 'general_decline' },
    });
    expect(receiver.received.map((n) => [n.event, n.object.id])).toEqual([['payment.canceled', payment.id]]);
    // A second click changes nothing and sends nothing.
    expect((await payOnPage(payment, 'pay')).status).toBe(302);
    expect(yk.payments.get(payment.id)?.status).toBe('canceled');
    expect(receiver.received).toHaveLength(1);
  });
});

/** A refund receipt of one line: the items of a refund add up to it. */
function refundReceipt(value: string) {
  return { customer: { phone: '79001234567' }, items: [item('Чай', value, 1)] };
}

describe('YooKassa emulator: refunds', () => {
  it('refunds only a succeeded payment and no more than is left', async () => {
    const payment = await createPayment();
    const early = await post('/refunds', {
      payment_id: payment.id,
      amount: { value: '100.00', currency: 'RUB' },
      receipt: refundReceipt('100.00'),
    });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ code: 'invalid_request', parameter: 'payment_id' });

    yk.succeed(payment.id);
    const partial = await post('/refunds', {
      payment_id: payment.id,
      amount: { value: '1000.00', currency: 'RUB' },
      description: 'Нет в наличии',
      receipt: { customer: { phone: '79001234567' }, items: [item('Чай', '500.00', 2)] },
    });
    expect(partial.status).toBe(200);
    const refund = (await partial.json()) as { id: string };
    expect(refund).toMatchObject({
      payment_id: payment.id,
      status: 'succeeded',
      amount: { value: '1000.00' },
      description: 'Нет в наличии',
      receipt_registration: 'succeeded',
    });
    expect(yk.refundReceipts.get(refund.id)?.items).toEqual([item('Чай', '500.00', 2)]);
    expect(await (await get(`/refunds/${refund.id}`)).json()).toEqual(refund);
    expect(yk.payments.get(payment.id)).toMatchObject({ status: 'succeeded', refundable: true, refunded_amount: { value: '1000.00' } });

    const tooMuch = await post('/refunds', {
      payment_id: payment.id,
      amount: { value: '500.01', currency: 'RUB' },
      receipt: refundReceipt('500.01'),
    });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ code: 'invalid_request', parameter: 'amount.value' });

    const rest = { payment_id: payment.id, amount: { value: '500.00', currency: 'RUB' }, receipt: refundReceipt('500.00') };
    expect((await post('/refunds', rest)).status).toBe(200);
    expect(yk.payments.get(payment.id)).toMatchObject({ status: 'succeeded', refundable: false, refunded_amount: { value: '1500.00' } });
  });

  it('a refund of a payment made with a receipt needs a refund receipt whose items add up to the refund', async () => {
    const payment = await createPayment();
    yk.succeed(payment.id);
    const amount = { value: '600.00', currency: 'RUB' };
    const without = await post('/refunds', { payment_id: payment.id, amount });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ code: 'invalid_request', parameter: 'receipt' });

    const short = await post('/refunds', { payment_id: payment.id, amount, receipt: refundReceipt('500.00') });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      code: 'invalid_request',
      parameter: 'receipt',
      description: 'Sum of receipt items (500.00) does not match the refund amount (600.00)',
    });
    const noPhone = await post('/refunds', {
      payment_id: payment.id,
      amount,
      receipt: { customer: {}, items: [item('Чай', '600.00', 1)] },
    });
    expect(noPhone.status).toBe(400);
    expect(yk.refunds.size).toBe(0);

    const receipt = { customer: { phone: '79001234567' }, items: [item('Чай', '500.00', 1), item('Доставка', '100.00', 1, 'service')] };
    const made = await post('/refunds', { payment_id: payment.id, amount, receipt });
    expect(made.status).toBe(200);
    const refund = (await made.json()) as { id: string };
    expect(yk.refundReceipts.get(refund.id)).toEqual(receipt);
  });
});

describe('YooKassa emulator: test controls', () => {
  it('answers the next calls with a 429 in the error shape, then works again', async () => {
    yk.failNext(2, { status: 429 });
    for (let i = 0; i < 2; i += 1) {
      const response = await post('/payments', paymentBody());
      expect(response.status).toBe(429);
      expect(await response.json()).toMatchObject({ type: 'error', id: expect.any(String), code: 'too_many_requests', retry_after: 1800 });
    }
    await createPayment();
  });

  it('answers a 500 with the given code, and the retry with the same key is handled', async () => {
    yk.failNext(1, { status: 500, description: 'Сбой' });
    const key = crypto.randomUUID();
    const failed = await post('/payments', paymentBody(), { key });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 'internal_server_error', description: 'Сбой' });
    expect((await post('/payments', paymentBody(), { key })).status).toBe(200);
  });

  it('delays the next call past a client timeout; the retry with the same key gets the same payment', async () => {
    yk.delayNext(500);
    const key = crypto.randomUUID();
    await expect(post('/payments', paymentBody(), { key, signal: AbortSignal.timeout(100) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const retry = await post('/payments', paymentBody(), { key });
    expect(retry.status).toBe(200);
    expect(yk.payments.size).toBe(1);
    expect(((await retry.json()) as YooKassaPayment).id).toBe([...yk.payments.keys()][0]);
  });

  it('succeeds with a faked amount and notifies on demand', async () => {
    const payment = await createPayment({ payment_method_data: undefined });
    expect(payment.payment_method).toBeUndefined();
    yk.succeed(payment.id, { amountValue: '1.00' });
    expect(receiver.received).toHaveLength(0);
    expect(await yk.notify(payment.id)).toBe(200);
    expect(receiver.received[0]).toMatchObject({
      event: 'payment.succeeded',
      object: { id: payment.id, status: 'succeeded', amount: { value: '1.00' }, payment_method: { type: 'bank_card' } },
    });
    yk.setNotificationUrl(undefined);
    await expect(yk.notify(payment.id)).rejects.toThrow(/no notification URL/);
  });

  it('cancels with a reason and its party', async () => {
    const payment = await createPayment();
    expect(yk.cancel(payment.id, 'expired_on_confirmation').cancellation_details).toEqual({
      party: 'yoo_money',
      reason: 'expired_on_confirmation',
    });
    expect(() => yk.succeed(payment.id)).toThrow(/already canceled/);
  });
});
