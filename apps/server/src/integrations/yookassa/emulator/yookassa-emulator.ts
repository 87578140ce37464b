import crypto from 'node:crypto';
import type http from 'node:http';
import { z } from 'zod';
import { createFailureQueues, isClientGone, readBody, startEmulatorServer } from '../../emulator-server.js';

/**
 * A local server speaking YooKassa's API v3 (payments, refunds, HTTP notifications) with a page in
 * place of YooKassa's checkout, so the shop's client and its notification handler are tested without
 * the internet. Facts come from the official OpenAPI (see shared docs INTEGRATIONS.md §1).
 *
 * Deliberate limits: only one-stage payments (`capture: true`; SBP has no two-stage, so the shop
 * needs nothing else), only `bank_card` and `sbp`, a receipt is always required (the shop sells
 * goods under 54-FZ, and a store with receipts enabled refuses a payment without one) and so is a
 * refund receipt for a refund of such a payment (its items adding up to the refund), and a
 * notification is delivered once — call `notify` again to play YooKassa's redelivery. Tests and
 * `npm run emulator:yookassa` start it; the shop never does.
 */

export type YooKassaAmount = { value: string; currency: string };
export type YooKassaPaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
export type YooKassaPaymentMethod = {
  type: 'bank_card' | 'sbp';
  id: string;
  saved: false;
  status: 'inactive';
  title?: string;
  card?: { first6: string; last4: string; expiry_month: string; expiry_year: string; card_type: string };
  sbp_operation_id?: string;
  payer_bank_details?: { bank_id: string; bic: string };
};
export type YooKassaPayment = {
  id: string;
  status: YooKassaPaymentStatus;
  amount: YooKassaAmount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  /** Absent until the buyer picks a method on the page, unless the request named one. */
  payment_method?: YooKassaPaymentMethod;
  captured_at?: string;
  created_at: string;
  expires_at: string;
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  test: true;
  refunded_amount?: YooKassaAmount;
  paid: boolean;
  refundable: boolean;
  receipt_registration: 'pending' | 'succeeded' | 'canceled';
  metadata?: Record<string, string>;
  cancellation_details?: { party: 'yoo_money' | 'payment_network' | 'merchant'; reason: string };
};
export type YooKassaRefundStatus = 'pending' | 'succeeded' | 'canceled';
export type YooKassaRefund = {
  id: string;
  payment_id: string;
  /** pending until the bank confirms (SBP refunds may wait); succeeded and canceled are final. */
  status: YooKassaRefundStatus;
  created_at: string;
  amount: YooKassaAmount;
  description?: string;
  metadata?: Record<string, string>;
  cancellation_details?: { party: 'yoo_money' | 'payment_network' | 'refund_network'; reason: string };
  /** Present when the refund carried a receipt: YooKassa registers the refund receipt with the tax service. */
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
};
export type YooKassaPaymentEvent = 'payment.succeeded' | 'payment.canceled' | 'payment.waiting_for_capture';
export type EmulatedApiRequest = {
  method: string;
  path: string;
  /** The Authorization header as sent, so a test can see the shop's credentials went the right way. */
  authorization: string | undefined;
  idempotenceKey: string | undefined;
  body: unknown;
};
export type EmulatedNotification = { event: YooKassaPaymentEvent; paymentId: string; status: number | null };
export type EmulatedFailure = { status: 429 | 500 | 400; code?: string; description?: string };
export type YooKassaEmulator = Awaited<ReturnType<typeof startYooKassaEmulator>>;

type Answer = { status: number; body: unknown };
type State = {
  shopId: string;
  secretKey: string;
  baseUrl: string;
  notificationUrl: string | undefined;
  payments: Map<string, YooKassaPayment>;
  /** The receipt each payment was made with (the API does not return it; a refund of it needs one too). */
  paymentReceipts: Map<string, YooKassaReceipt>;
  refunds: Map<string, YooKassaRefund>;
  /** The refund receipt each refund was made with, by refund id, for a test to read. */
  refundReceipts: Map<string, YooKassaReceipt>;
  /** Idempotence-Key → what was asked and the answer given, to replay or refuse a second use. */
  idempotence: Map<string, { fingerprint: string; answer: Answer }>;
  requests: EmulatedApiRequest[];
  notifications: EmulatedNotification[];
  failures: ReturnType<typeof createFailureQueues<'api', EmulatedFailure>>;
  delayMs: number;
  /** The next this many refunds are made pending, as YooKassa makes a refund the bank has not confirmed yet. */
  pendingRefunds: number;
  /** API calls being handled now: a delayed call outlives the test that made it. */
  inFlight: number;
};

// ---------------------------------------------------------------------------------------------
// Request bodies, as the OpenAPI describes them (only the fields the shop sends are checked).

// "Always fractional, '.' separator, no thousands separator"; RUB has two digits after the point.
const amountSchema = z.object({
  value: z.string().regex(/^\d{1,10}\.\d{2}$/, 'Amount value must be a string like "1500.00"'),
  currency: z.literal('RUB', 'Only RUB is accepted by this store'),
});
const metadataSchema = z
  .record(z.string().max(32), z.string().max(512))
  .refine((metadata) => Object.keys(metadata).length <= 16, 'Metadata may hold at most 16 keys');
const receiptItemSchema = z.object({
  description: z.string().min(1).max(128),
  quantity: z.number().positive(),
  amount: amountSchema,
  vat_code: z.int().min(1).max(12),
  payment_mode: z.enum(['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment']),
  payment_subject: z.enum([
    'commodity',
    'excise',
    'job',
    'service',
    'payment',
    'agent_commission',
    'composite',
    'another',
    'marked',
    'non_marked',
    'marked_excise',
    'non_marked_excise',
  ]),
  measure: z.string().optional(),
});
const receiptSchema = z.object({
  customer: z
    .object({
      full_name: z.string().max(256).optional(),
      inn: z
        .string()
        .regex(/^(\d{10}|\d{12})$/)
        .optional(),
      email: z.email().max(254).optional(),
      phone: z
        .string()
        .regex(/^[0-9]{4,15}$/, 'Phone must be in E.164 digits, like 79000000000')
        .optional(),
    })
    .refine((customer) => customer.email || customer.phone, 'Receipt customer needs an email or a phone'),
  items: z.array(receiptItemSchema).min(1).max(100),
  tax_system_code: z.int().min(1).max(6).optional(),
});
const paymentRequestSchema = z.object({
  amount: amountSchema,
  capture: z.literal(true, 'The emulator takes only one-stage payments: send capture: true'),
  confirmation: z.object({ type: z.literal('redirect'), return_url: z.url().max(2048), locale: z.string().optional() }),
  payment_method_data: z.object({ type: z.enum(['bank_card', 'sbp']) }).optional(),
  description: z.string().max(128).optional(),
  metadata: metadataSchema.optional(),
  receipt: receiptSchema,
});
const refundRequestSchema = z.object({
  payment_id: z.string().length(36),
  amount: amountSchema,
  description: z.string().max(250).optional(),
  metadata: metadataSchema.optional(),
  receipt: receiptSchema.optional(),
});
type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export type YooKassaReceipt = z.infer<typeof receiptSchema>;

// ---------------------------------------------------------------------------------------------
// Answers in YooKassa's shapes.

function errorAnswer(status: number, code: string, description: string, extra: { parameter?: string; retry_after?: number } = {}): Answer {
  return { status, body: { type: 'error', id: crypto.randomUUID(), code, description, ...extra } };
}

function invalidRequest(parameter: string, description: string): Answer {
  return errorAnswer(400, 'invalid_request', description, { parameter });
}

const defaultFailures: Record<EmulatedFailure['status'], { code: string; description: string }> = {
  400: { code: 'invalid_request', description: 'Request is invalid' },
  429: { code: 'too_many_requests', description: 'Too many requests. Retry later' },
  500: { code: 'internal_server_error', description: 'Internal server error. Retry the request with the same Idempotence-Key' },
};

function failureAnswer({ status, code, description }: EmulatedFailure): Answer {
  const defaults = defaultFailures[status];
  // YooKassa tells how long to wait before retrying a 429, in milliseconds.
  const extra = status === 429 ? { retry_after: 1800 } : {};
  return errorAnswer(status, code ?? defaults.code, description ?? defaults.description, extra);
}

function firstIssue(error: z.ZodError): Answer {
  const issue = error.issues[0];
  const parameter = (issue?.path ?? []).map((part) => (typeof part === 'number' ? `[${part}]` : String(part))).join('.');
  return invalidRequest(parameter.replaceAll('.[', '['), issue?.message ?? 'Request is invalid');
}

// ---------------------------------------------------------------------------------------------
// Money: kopecks as integers, so sums of receipt items compare exactly.

function toKopecks(value: string): number {
  const [rubles = '0', kopecks = '0'] = value.split('.');
  return Number(rubles) * 100 + Number(kopecks);
}

function fromKopecks(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** YooKassa refuses a receipt whose items (price × quantity) do not add up to the payment, or to the refund. */
function receiptMismatch(request: Pick<PaymentRequest, 'amount' | 'receipt'>, of: 'payment' | 'refund' = 'payment'): Answer | null {
  const itemsTotal = request.receipt.items.reduce((sum, item) => sum + Math.round(toKopecks(item.amount.value) * item.quantity), 0);
  if (itemsTotal === toKopecks(request.amount.value)) return null;
  return invalidRequest(
    'receipt',
    `Sum of receipt items (${fromKopecks(itemsTotal)}) does not match the ${of} amount (${request.amount.value})`,
  );
}

// ---------------------------------------------------------------------------------------------
// Payments and refunds.

function createPayment(state: State, body: unknown): Answer {
  const parsed = paymentRequestSchema.safeParse(body);
  if (!parsed.success) return firstIssue(parsed.error);
  const request = parsed.data;
  if (toKopecks(request.amount.value) === 0) return invalidRequest('amount.value', 'Amount must be positive');
  const mismatch = receiptMismatch(request);
  if (mismatch) return mismatch;
  const id = crypto.randomUUID();
  const created = new Date();
  const methodType = request.payment_method_data?.type;
  const payment: YooKassaPayment = {
    id,
    status: 'pending',
    amount: request.amount,
    ...(request.description !== undefined && { description: request.description }),
    recipient: { account_id: state.shopId, gateway_id: '1000001' },
    ...(methodType && { payment_method: { type: methodType, id, saved: false, status: 'inactive' } }),
    created_at: created.toISOString(),
    expires_at: new Date(created.getTime() + 60 * 60 * 1000).toISOString(),
    confirmation: { type: 'redirect', confirmation_url: `${state.baseUrl}/checkout/${id}`, return_url: request.confirmation.return_url },
    test: true,
    paid: false,
    refundable: false,
    receipt_registration: 'pending',
    ...(request.metadata && { metadata: request.metadata }),
  };
  state.payments.set(id, payment);
  state.paymentReceipts.set(id, request.receipt);
  return { status: 200, body: structuredClone(payment) };
}

function createRefund(state: State, body: unknown): Answer {
  const parsed = refundRequestSchema.safeParse(body);
  if (!parsed.success) return firstIssue(parsed.error);
  const request = parsed.data;
  const payment = state.payments.get(request.payment_id);
  if (!payment) return invalidRequest('payment_id', 'Payment not found');
  if (payment.status !== 'succeeded') return invalidRequest('payment_id', `Payment in status ${payment.status} cannot be refunded`);
  const refunded = toKopecks(payment.refunded_amount?.value ?? '0.00');
  // A refund still pending holds its sum: what is left to refund counts it as gone.
  const held = [...state.refunds.values()]
    .filter((r) => r.payment_id === payment.id && r.status === 'pending')
    .reduce((sum, r) => sum + toKopecks(r.amount.value), 0);
  const left = toKopecks(payment.amount.value) - refunded - held;
  const asked = toKopecks(request.amount.value);
  if (asked === 0 || asked > left) {
    return invalidRequest('amount.value', `Refund amount must be between 0.01 and the amount left to refund (${fromKopecks(left)})`);
  }
  // A store with receipts enabled sends a refund receipt («возврат прихода») with every refund of a
  // payment that had one; its items must add up to the refund.
  if (state.paymentReceipts.has(payment.id) && !request.receipt) {
    return invalidRequest('receipt', 'Receipt is missing: a refund of a payment with a receipt needs a refund receipt');
  }
  const mismatch = request.receipt ? receiptMismatch({ amount: request.amount, receipt: request.receipt }, 'refund') : null;
  if (mismatch) return mismatch;
  const isPending = state.pendingRefunds > 0;
  if (isPending) state.pendingRefunds -= 1;
  const refund: YooKassaRefund = {
    id: crypto.randomUUID(),
    payment_id: payment.id,
    status: isPending ? 'pending' : 'succeeded',
    created_at: new Date().toISOString(),
    amount: request.amount,
    ...(request.description !== undefined && { description: request.description }),
    ...(request.metadata && { metadata: request.metadata }),
    ...(request.receipt && { receipt_registration: 'succeeded' as const }),
  };
  state.refunds.set(refund.id, refund);
  if (request.receipt) state.refundReceipts.set(refund.id, request.receipt);
  if (!isPending) countRefund(payment, asked);
  return { status: 200, body: structuredClone(refund) };
}

/** A payment stays succeeded after refunds; only what is left to refund changes. */
function countRefund(payment: YooKassaPayment, kopecks: number): void {
  const refunded = toKopecks(payment.refunded_amount?.value ?? '0.00') + kopecks;
  payment.refunded_amount = { value: fromKopecks(refunded), currency: payment.amount.currency };
  payment.refundable = refunded < toKopecks(payment.amount.value);
}

/** The bank's answer to a pending refund: it succeeds, or it is canceled and its sum is free again. */
function settleRefund(state: State, id: string, status: 'succeeded' | 'canceled', reason = 'rejected_by_payee'): YooKassaRefund {
  const refund = state.refunds.get(id);
  if (!refund) throw new Error(`YooKassa emulator: no refund ${id}`);
  if (refund.status !== 'pending') throw new Error(`YooKassa emulator: refund ${id} is already ${refund.status}`);
  refund.status = status;
  if (status === 'succeeded') countRefund(state.payments.get(refund.payment_id)!, toKopecks(refund.amount.value));
  else refund.cancellation_details = { party: 'refund_network', reason };
  return refund;
}

/**
 * GET /refunds: newest first, filtered by payment_id, in pieces of `limit` (1–100, 10 by default) with
 * next_cursor pointing at the next piece, as YooKassa lists.
 */
function listRefunds(state: State, query: URLSearchParams): Answer {
  const limit = Number(query.get('limit') ?? '10');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalidRequest('limit', 'Limit must be between 1 and 100');
  const paymentId = query.get('payment_id');
  const all = [...state.refunds.values()]
    .filter((r) => !paymentId || r.payment_id === paymentId)
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const cursor = query.get('cursor');
  const offset = cursor ? Number(Buffer.from(cursor, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0) return invalidRequest('cursor', 'Cursor is invalid');
  const items = all.slice(offset, offset + limit).map((r) => structuredClone(r));
  const next = offset + limit < all.length ? Buffer.from(String(offset + limit), 'utf8').toString('base64url') : undefined;
  return { status: 200, body: { type: 'list', items, ...(next ? { next_cursor: next } : {}) } };
}

function readObject<T>(map: Map<string, T>, id: string): Answer {
  const object = map.get(id);
  return object ? { status: 200, body: structuredClone(object) } : errorAnswer(404, 'not_found', `Object with id ${id} not found`);
}

function paidMethod(payment: YooKassaPayment): YooKassaPaymentMethod {
  const type = payment.payment_method?.type ?? 'bank_card';
  const base = { type, id: payment.id, saved: false, status: 'inactive' } as const;
  if (type === 'sbp') {
    // Both are required on a succeeded SBP payment.
    const operationId = crypto.randomBytes(16).toString('hex').toUpperCase();
    return { ...base, title: 'СБП', sbp_operation_id: operationId, payer_bank_details: { bank_id: '100000000111', bic: '044525225' } };
  }
  // YooKassa's test card without 3-D Secure.
  const card = { first6: '555555', last4: '4444', expiry_month: '12', expiry_year: '2030', card_type: 'MasterCard' };
  return { ...base, title: 'Bank card *4444', card };
}

function pendingPayment(state: State, id: string): YooKassaPayment {
  const payment = state.payments.get(id);
  if (!payment) throw new Error(`YooKassa emulator: no payment ${id}`);
  if (payment.status !== 'pending') throw new Error(`YooKassa emulator: payment ${id} is already ${payment.status}`);
  return payment;
}

function succeedPayment(state: State, id: string, options: { amountValue?: string } = {}): YooKassaPayment {
  const payment = pendingPayment(state, id);
  // A test may fake YooKassa reporting another amount than the shop asked for.
  if (options.amountValue !== undefined) payment.amount = { ...payment.amount, value: options.amountValue };
  const update: Partial<YooKassaPayment> = {
    status: 'succeeded',
    paid: true,
    captured_at: new Date().toISOString(),
    refundable: true,
    payment_method: paidMethod(payment),
    receipt_registration: 'succeeded',
  };
  return Object.assign(payment, update);
}

/** Who cancels, by the reason (YooKassa's "declined payments" table). */
function cancellationParty(reason: string): 'yoo_money' | 'payment_network' | 'merchant' {
  if (reason === 'canceled_by_merchant' || reason === 'expired_on_capture') return 'merchant';
  if (reason === 'expired_on_confirmation' || reason === 'fraud_suspected' || reason === 'internal_timeout') return 'yoo_money';
  return 'payment_network';
}

function cancelPayment(state: State, id: string, reason = 'general_decline'): YooKassaPayment {
  const payment = pendingPayment(state, id);
  const update: Partial<YooKassaPayment> = {
    status: 'canceled',
    paid: false,
    refundable: false,
    receipt_registration: 'canceled',
    cancellation_details: { party: cancellationParty(reason), reason },
  };
  return Object.assign(payment, update);
}

// ---------------------------------------------------------------------------------------------
// Notifications.

function eventFor(payment: YooKassaPayment): YooKassaPaymentEvent {
  if (payment.status === 'pending') throw new Error(`YooKassa emulator: payment ${payment.id} is pending, nothing to notify`);
  return `payment.${payment.status}`;
}

async function sendNotification(state: State, id: string, event?: YooKassaPaymentEvent): Promise<number> {
  const payment = state.payments.get(id);
  if (!payment) throw new Error(`YooKassa emulator: no payment ${id}`);
  if (!state.notificationUrl) throw new Error('YooKassa emulator: no notification URL set');
  const chosen = event ?? eventFor(payment);
  const entry: EmulatedNotification = { event: chosen, paymentId: id, status: null };
  state.notifications.push(entry);
  const response = await fetch(state.notificationUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'notification', event: chosen, object: payment }),
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  entry.status = response.status;
  return response.status;
}

/** After the page's decision YooKassa notifies the shop; a failed delivery must not break the redirect. */
async function notifyAfterDecision(state: State, id: string): Promise<void> {
  if (!state.notificationUrl) return;
  try {
    await sendNotification(state, id);
  } catch (error) {
    console.warn(`Эмулятор ЮKassa: уведомление о платеже ${id} не доставлено: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The API: failures and delays for tests, Basic auth, idempotence, routes.

const idempotenceKeyPattern = /^[0-9a-zA-Z+\-_.]{1,64}$/;
const notJson = Symbol('not JSON');

/** Key order does not make two bodies different. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isAuthorized(state: State, header: string | undefined): boolean {
  const expected = `Basic ${Buffer.from(`${state.shopId}:${state.secretKey}`).toString('base64')}`;
  return header === expected;
}

/**
 * Same key and same request ⇒ the first answer again; same key, another request ⇒ refused. Only
 * successes are kept, so a request refused for its content can be fixed and sent with the same key.
 */
function withIdempotence(state: State, key: string | undefined, fingerprint: string, run: () => Answer): Answer {
  if (!key) return invalidRequest('Idempotence-Key', 'Idempotence-Key header is required');
  if (!idempotenceKeyPattern.test(key)) return invalidRequest('Idempotence-Key', 'Idempotence-Key header has an invalid format');
  const stored = state.idempotence.get(key);
  if (stored) return stored.fingerprint === fingerprint ? stored.answer : invalidRequest('Idempotence-Key', 'Idempotence key duplicated');
  const answer = run();
  if (answer.status === 200) state.idempotence.set(key, { fingerprint, answer });
  return answer;
}

function route(state: State, method: string, path: string, key: string | undefined, body: unknown, query: URLSearchParams): Answer {
  const [, , collection, id, ...rest] = path.split('/');
  if (rest.length > 0 || (collection !== 'payments' && collection !== 'refunds')) return errorAnswer(404, 'not_found', 'Not found');
  if (method === 'GET' && !id && collection === 'refunds') return listRefunds(state, query);
  if (method === 'GET' && id)
    return readObject<YooKassaPayment | YooKassaRefund>(collection === 'payments' ? state.payments : state.refunds, id);
  if (method !== 'POST' || id) return errorAnswer(405, 'method_not_allowed', `${method} ${path} is not supported`);
  return withIdempotence(state, key, `${path} ${canonicalJson(body)}`, () => {
    if (body === notJson) return invalidRequest('body', 'Request body is not a valid JSON');
    return collection === 'payments' ? createPayment(state, body) : createRefund(state, body);
  });
}

async function answerApi(state: State, req: http.IncomingMessage, path: string, rawBody: string, query: URLSearchParams): Promise<Answer> {
  const method = req.method ?? 'GET';
  const key = req.headers['idempotence-key'] as string | undefined;
  const body = parseBody(rawBody);
  state.requests.push({
    method,
    path,
    authorization: req.headers.authorization,
    idempotenceKey: key,
    body: body === notJson ? rawBody : body,
  });
  if (state.delayMs > 0) {
    const delay = state.delayMs;
    state.delayMs = 0;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  const failure = state.failures.take('api');
  if (failure) return failureAnswer(failure);
  if (!isAuthorized(state, req.headers.authorization)) {
    return errorAnswer(401, 'invalid_credentials', 'Authentication by given credentials failed. Check shopId and secret key');
  }
  return route(state, method, path, key, body, query);
}

function parseBody(rawBody: string): unknown {
  if (rawBody === '') return undefined;
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return notJson;
  }
}

// ---------------------------------------------------------------------------------------------
// The confirmation page, standing in for YooKassa's checkout.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const methodTitles = { bank_card: 'банковская карта', sbp: 'СБП' } as const;
const statusTitles: Record<YooKassaPaymentStatus, string> = {
  pending: 'ожидает оплаты',
  waiting_for_capture: 'ожидает подтверждения магазином',
  succeeded: 'оплачен',
  canceled: 'отменён',
};

function checkoutPage(payment: YooKassaPayment): string {
  const amount = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: payment.amount.currency }).format(
    toKopecks(payment.amount.value) / 100,
  );
  const method = payment.payment_method ? methodTitles[payment.payment_method.type] : 'на выбор покупателя';
  const actions =
    payment.status === 'pending'
      ? `<form method="post" action="/checkout/${payment.id}/pay"><button type="submit">Оплатить</button></form>
    <form method="post" action="/checkout/${payment.id}/decline"><button type="submit">Отказаться</button></form>`
      : `<p>Платёж ${statusTitles[payment.status]}.</p>
    <p><a href="${escapeHtml(payment.confirmation.return_url)}">Вернуться в магазин</a></p>`;
  return `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ЮKassa (эмулятор) — оплата</title>
    <style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}.amount{font-size:2rem;font-weight:600}form{display:inline-block;margin-right:.5rem}button{font-size:1rem;padding:.5rem 1.25rem}</style>
  </head>
  <body>
    <h1>Тестовая оплата ЮKassa</h1>
    <p class="amount">${escapeHtml(amount)}</p>
    <p>${escapeHtml(payment.description ?? 'Без описания')}</p>
    <p>Магазин ${escapeHtml(payment.recipient.account_id)}, способ оплаты: ${method}</p>
    ${actions}
  </body>
</html>`;
}

async function answerCheckout(state: State, req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<void> {
  const [, , id = '', decision, ...rest] = path.split('/');
  const payment = state.payments.get(id);
  if (!payment || rest.length > 0) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Платёж не найден</p>');
    return;
  }
  if (req.method === 'GET' && decision === undefined) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(payment));
    return;
  }
  if (req.method !== 'POST' || (decision !== 'pay' && decision !== 'decline')) {
    res.writeHead(405).end();
    return;
  }
  // A second click after the decision only brings the buyer back to the shop.
  if (payment.status === 'pending') {
    if (decision === 'pay') succeedPayment(state, id);
    else cancelPayment(state, id, 'general_decline');
    await notifyAfterDecision(state, id);
  }
  res.writeHead(302, { location: payment.confirmation.return_url }).end();
}

// ---------------------------------------------------------------------------------------------
// The server and the handle tests drive it by.

function sendJson(res: http.ServerResponse, answer: Answer): void {
  // The client may have given up (a test's delay past its timeout); there is no one to answer.
  if (isClientGone(res)) return;
  res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
}

async function handle(state: State, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const rawBody = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path.startsWith('/v3/')) {
    state.inFlight += 1;
    try {
      sendJson(res, await answerApi(state, req, path, rawBody, url.searchParams));
    } finally {
      state.inFlight -= 1;
    }
  } else if (path.startsWith('/checkout/')) await answerCheckout(state, req, res, path);
  else sendJson(res, errorAnswer(404, 'not_found', 'Not found'));
}

function initialState(options: { shopId: string; secretKey: string; notificationUrl: string | undefined }): State {
  return {
    ...options,
    baseUrl: '',
    payments: new Map(),
    paymentReceipts: new Map(),
    refunds: new Map(),
    refundReceipts: new Map(),
    idempotence: new Map(),
    requests: [],
    notifications: [],
    failures: createFailureQueues<'api', EmulatedFailure>(),
    delayMs: 0,
    pendingRefunds: 0,
    inFlight: 0,
  };
}

export async function startYooKassaEmulator(
  options: { shopId?: string; secretKey?: string; notificationUrl?: string; port?: number } = {},
) {
  const initial = {
    shopId: options.shopId ?? '123456',
    secretKey: options.secretKey ?? 'test_secret',
    notificationUrl: options.notificationUrl,
  };
  const state = initialState(initial);
  const server = await startEmulatorServer({
    port: options.port,
    name: 'ЮKassa',
    handle: (req, res) => handle(state, req, res),
    answerFailure: (res, text) => sendJson(res, errorAnswer(500, 'internal_server_error', text)),
  });
  state.baseUrl = server.origin;
  return {
    baseUrl: state.baseUrl,
    /** What the shop's client takes as its base URL, like https://api.yookassa.ru/v3. */
    apiUrl: `${state.baseUrl}/v3`,
    shopId: state.shopId,
    secretKey: state.secretKey,
    payments: state.payments,
    refunds: state.refunds,
    /** The refund receipt sent with each refund, by refund id. */
    refundReceipts: state.refundReceipts,
    requests: state.requests,
    notifications: state.notifications,
    succeed: (id: string, succeedOptions?: { amountValue?: string }) => succeedPayment(state, id, succeedOptions),
    cancel: (id: string, reason?: string) => cancelPayment(state, id, reason),
    notify: (id: string, event?: YooKassaPaymentEvent) => sendNotification(state, id, event),
    /** The next `count` refunds are made pending, waiting for settleRefund. */
    refundsPendingNext: (count: number) => {
      state.pendingRefunds = count;
    },
    settleRefund: (id: string, status: 'succeeded' | 'canceled', reason?: string) => settleRefund(state, id, status, reason),
    setNotificationUrl: (url: string | undefined) => {
      state.notificationUrl = url;
    },
    /** The next `count` API calls answer this error before anything else is checked. */
    failNext: (count: number, failure: EmulatedFailure) => {
      state.failures.clear();
      state.failures.failNext('api', failure, count);
    },
    /** The next API call waits this long before it is handled (the result still counts). */
    delayNext: (ms: number) => {
      state.delayMs = ms;
    },
    /**
     * Resolves once no API call is being handled, so a call a test delayed past the shop's timeout
     * cannot take the failures the next test asked for.
     */
    whenIdle: async () => {
      while (state.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    reset: () => {
      for (const collection of [state.payments, state.paymentReceipts, state.refunds, state.refundReceipts, state.idempotence])
        collection.clear();
      state.requests.length = 0;
      state.notifications.length = 0;
      state.failures.clear();
      state.delayMs = 0;
      state.pendingRefunds = 0;
      state.notificationUrl = initial.notificationUrl;
    },
    close: server.close,
  };
}
