import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Access, type EndpointDef, endpointPath, listEndpoints, type Role, roles, rolesOf } from '@vmeste/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { DEMO_PASSWORD, demoAccountNames, type DemoAccountName, demoPhones, demoRoleOf, signInAs } from '../fixtures/demo-accounts.js';
import { expectError } from '../fixtures/api-assertions.js';
import { newPhone, signInWith, signupBody } from '../fixtures/accounts-kit.js';
import { type Headers, multipart, NIL_UUID } from '../fixtures/requests.js';

/**
 * Every declared endpoint × every caller, generated from the contract: the status a caller gets
 * before any business rule runs, derived from the endpoint's `access`. Public: never 401/403. Any
 * session: a guest gets 401, everyone else passes. A role list: a guest gets 401, the listed roles
 * pass, the others get 403. "Passes" means neither 401 nor 403, and no 5xx.
 *
 * The guard runs after validation, so each request must be valid enough to reach it: path
 * parameters are fresh uuids, and an endpoint that takes a body, a file, or a non-uuid parameter
 * needs a sample below — a new endpoint without one fails here rather than being skipped.
 */

type Caller = 'guest' | DemoAccountName | 'merchandiser';
/** The merchandiser has no demo account; beforeAll creates one through the staff endpoint. */
const callers: Caller[] = ['guest', ...demoAccountNames, 'merchandiser'];
const MERCHANDISER = { phone: newPhone(), password: 'merch-pass-1' };

function roleOf(caller: Caller): Role | null {
  if (caller === 'guest') return null;
  return caller === 'merchandiser' ? 'merchandiser' : demoRoleOf(caller);
}

type Outcome = 'passes' | 401 | 403;

function outcomeOf(access: Access, role: Role | null): Outcome {
  if (access === 'public') return 'passes';
  if (role === null) return 401;
  const allowed = rolesOf(access);
  return allowed === null || allowed.includes(role) ? 'passes' : 403;
}

type Sample = {
  /** Path parameters that are not uuids (every other one gets a fresh random uuid). */
  params?: Record<string, string>;
  /** Query strings to send; each is a row of the matrix of its own. Without them, none. */
  queries?: Record<string, string>[];
  /** A body that passes validation, so the guard is what answers. */
  body?: Record<string, unknown>;
  /** The multipart file of an upload endpoint. */
  file?: { content: Buffer | string; filename: string; type: string };
  /** The exact status every caller who passes the guard gets, where it is one for all of them. */
  status?: number;
  /** The call ends the session it is made with, so each caller signs in afresh for it. */
  spendsSession?: boolean;
  /** Headers a public endpoint authenticates its caller by (Telegram's webhook secret). */
  headers?: Record<string, string>;
};

/** A 1×1 PNG and a one-row orders CSV: well-formed uploads, so only the guard can refuse them. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A price list as a table (the import reads CSV as well as XLSX, or refuses it with a 4xx). */
const PRICE_LIST_CSV = 'Способ доставки;Вес от, г;Вес до, г;Цена, ₽\nСамовывоз;0;1000;0\n';
const BONUS_CSV = `Телефон;Сумма;Комментарий\n${demoPhones.client};100;Подарок\n`;
const ORDERS_CSV = `Телефон;Товар;Количество;Цена\n${demoPhones.client};Платье;1;100\n`;

/** Keyed by endpoint name (`group.name` as listEndpoints() has it). */
const samples: Record<string, Sample> = {
  'system.health': { status: 200 },
  'system.publicSettings': { status: 200 },
  'system.lastOutboxMessage': { queries: [{ phone: demoPhones.client }] },
  'auth.signIn': { body: { phone: demoPhones.client, password: DEMO_PASSWORD }, status: 200 },
  // The first caller signs up, the others find the phone taken.
  'auth.signUp': { body: signupBody(newPhone()) },
  'auth.logout': { spendsSession: true, status: 200 },
  'auth.forgotPassword': { body: { phone: demoPhones.client }, status: 200 },
  'auth.checkResetLink': { params: { id: 'no-such-link' }, status: 200 },
  'auth.resetPassword': { body: { id: 'no-such-link', password: 'brand-new-pass' }, status: 400 },
  'auth.activationStatus': { status: 200 },
  'auth.confirmActivation': { body: { code: '000000' } },
  'users.me': { status: 200 },
  'users.updateProfile': { body: {}, status: 200 },
  'users.listStaff': { status: 200 },
  'users.createStaff': {
    body: { phone: demoPhones.admin, name: 'А', surname: 'Б', role: 'storekeeper', password: 'staff-pass-1' },
    status: 409,
  },
  'users.updateStaff': { body: { name: 'А' }, status: 404 },
  'users.deactivateStaff': { status: 404 },
  'purchases.covers': { status: 200 },
  'purchases.coverFile': { params: { name: '00000000-0000-0000-0000-000000000000.webp' }, status: 404 },
  'purchases.list': { status: 200 },
  'purchases.get': { status: 404 },
  'purchases.create': { body: { title: 'Закупка из матрицы ролей' }, status: 201 },
  'purchases.update': { body: { title: 'Другая' }, status: 404 },
  'purchases.uploadCover': { file: { content: PNG_1X1, filename: 'cover.png', type: 'image/png' }, status: 404 },
  'purchases.changeStatus': { body: { status: 'open' }, status: 404 },
  'purchases.changeFee': { body: { organizerFeePercent: 5, dryRun: true }, status: 404 },
  'purchases.history': { status: 404 },
  'cards.list': { status: 200 },
  'cards.create': { body: { bank: 'Сбербанк', holderName: 'Анна', number: '4111111111111111' }, status: 201 },
  'cards.update': { body: { bank: 'ВТБ' }, status: 404 },
  'cards.delete': { status: 404 },
  'orders.list': { status: 200 },
  'orders.create': {
    body: { purchaseId: NIL_UUID, phone: demoPhones.client, lines: [{ product: 'Платье', quantity: 1, unitPriceKopecks: 100 }] },
    status: 404,
  },
  'orders.update': { body: { clientName: 'Мария' }, status: 404 },
  'orders.import': {
    queries: [{ dryRun: 'true' }, {}],
    file: { content: ORDERS_CSV, filename: 'orders.csv', type: 'text/csv' },
    status: 404,
  },
  'orders.listMine': { queries: [{}, { state: 'unpaid' }], status: 200 },
  'orders.getByLink': { status: 404 },
  'orders.history': { status: 404 },
  'payments.create': { body: { orderIds: [NIL_UUID], method: 'card' }, status: 404 },
  'payments.payByLink': { body: { orderId: NIL_UUID, method: 'card' }, status: 404 },
  'payments.listMine': { status: 200 },
  'payments.get': { status: 404 },
  'payments.uploadReceipt': { file: { content: PNG_1X1, filename: 'receipt.png', type: 'image/png' }, status: 404 },
  'payments.receiptFile': { status: 404 },
  'payments.abandon': { status: 404 },
  'payments.list': { status: 200 },
  'payments.receiptsQueue': { status: 200 },
  'payments.details': { status: 404 },
  'payments.confirm': { body: {}, status: 404 },
  'payments.reject': { body: { reason: 'Сумма не та' }, status: 404 },
  'payments.cancel': { body: {}, status: 404 },
  'payments.refund': { body: {}, status: 404 },
  'payments.refundsDue': { status: 200 },
  'payments.refundDue': { body: {}, status: 404 },
  'payments.recordCash': { body: { orderId: NIL_UUID }, status: 404 },
  'payments.export': { queries: [{ purchaseId: NIL_UUID }], status: 404 },
  'payments.sandboxGet': { params: { id: `sb_${NIL_UUID}` }, status: 404 },
  'payments.sandboxDecide': { params: { id: `sb_${NIL_UUID}` }, body: { decision: 'pay' }, status: 404 },
  'payments.yookassaNotification': {
    body: { type: 'notification', event: 'payment.succeeded', object: { id: 'no-such-payment' } },
    status: 200,
  },
  'warehouse.receivingPurchases': { status: 200 },
  'warehouse.receivingSheet': { status: 404 },
  'warehouse.receive': { body: { marks: [{ lineIds: [NIL_UUID], arrivedQuantity: 1 }] }, status: 404 },
  'warehouse.receiveRest': { status: 404 },
  'warehouse.search': { queries: [{ q: '№ 1' }, { q: '+7 (900) 000-00-04' }], status: 200 },
  'warehouse.pack': { body: { orderIds: [NIL_UUID], weightGrams: 500 }, status: 404 },
  'warehouse.parcels': { queries: [{}, { status: 'packed' }], status: 200 },
  'warehouse.labels': { queries: [{ ids: NIL_UUID, format: 'a6' }], status: 404 },
  'warehouse.markReady': { status: 404 },
  'warehouse.handOver': { body: { phoneLast4: '0004' }, status: 404 },
  'warehouse.unpack': { status: 404 },
  'delivery.createMethod': {
    body: { kind: 'pickup', recipient: { phone: demoPhones.client, name: 'Мария', surname: 'Иванова' } },
    status: 201,
  },
  'delivery.updateMethod': {
    body: { kind: 'pickup', recipient: { phone: demoPhones.client, name: 'Мария', surname: 'Иванова' } },
    status: 404,
  },
  'delivery.points': { queries: [{ cityCode: '68' }], status: 200 },
  'delivery.suggestAddress': { body: { query: 'Москва, Тверская' }, status: 200 },
  'delivery.changeParcelMethod': { body: { methodId: NIL_UUID }, status: 404 },
  'delivery.createInvoices': { body: { parcelIds: [NIL_UUID] }, status: 404 },
  'delivery.cancelInvoice': { status: 404 },
  'delivery.ship': { status: 404 },
  'delivery.refreshTracking': { status: 404 },
  'delivery.setPointEnabled': { params: { code: 'NO-SUCH' }, body: { isEnabled: false }, status: 404 },
  'delivery.saveBoxberrySettings': { body: { defaultLengthCm: 30, defaultWidthCm: 20, defaultHeightCm: 15 }, status: 200 },
  'delivery.savePriceList': {
    body: { appliesFrom: '2099-01-01', tariffs: [{ kind: 'pickup', fromGrams: 0, toGrams: 1000, priceKopecks: 0 }] },
    status: 201,
  },
  'delivery.exportPriceList': { status: 404 },
  'delivery.importPriceList': {
    queries: [{ appliesFrom: '2099-01-01', dryRun: 'true' }],
    file: { content: PRICE_LIST_CSV, filename: 'price-list.csv', type: 'text/csv' },
  },
  'bonus.my': { status: 200 },
  'bonus.myHistory': { status: 200 },
  'bonus.getCustomCashback': { status: 200 },
  'bonus.settings': { status: 200 },
  'bonus.updateSettings': {
    body: { defaultPercent: 3, referralPercent: 1, spendCapPercent: 30, creditOn: 'delivery', expiryDays: null },
    status: 200,
  },
  'bonus.purchases': { status: 200 },
  'bonus.setPurchaseExcluded': { body: { isExcluded: true }, status: 404 },
  'bonus.customRates': { status: 200 },
  'bonus.setCustomCashback': { body: { phone: demoPhones.client, percent: 5 }, status: 200 },
  'bonus.client': { queries: [{ phone: demoPhones.client }], status: 200 },
  'bonus.manual': { body: { phone: demoPhones.client, amountKopecks: 100, comment: 'Подарок' }, status: 201 },
  'bonus.previewUpload': { file: { content: BONUS_CSV, filename: 'bonus.csv', type: 'text/csv' }, status: 200 },
  'bonus.applyUpload': { file: { content: BONUS_CSV, filename: 'bonus.csv', type: 'text/csv' }, status: 200 },
  'bonus.uploads': { status: 200 },
  'bonus.upload': { status: 404 },
  'bonus.uploadFile': { status: 404 },
  'bonus.ledgerCheck': { status: 200 },
  'reports.clients': {
    queries: [
      {},
      { q: '900 00', sort: 'paidKopecks', order: 'asc', pageSize: '50' },
      { from: '2026-01-01', to: '2026-12-31', onlyDue: 'true' },
    ],
    status: 200,
  },
  'reports.clientsCharts': { queries: [{}, { from: '2026-01-01', to: '2026-03-31', q: 'Иванова' }], status: 200 },
  'reports.clientsExport': { queries: [{ sort: 'name', order: 'asc' }], status: 200 },
  'telegram.link': { status: 200 },
  'telegram.startLink': { status: 201 },
  'telegram.unlink': { status: 200 },
  'telegram.updatePreferences': { body: { mutedKinds: ['goods_arrived'] }, status: 409 },
  // The secret header is the installation's own, set in beforeAll.
  'telegram.webhook': { body: { update_id: 1 }, status: 200 },
  'telegram.overview': { status: 200 },
  'telegram.listPosts': { queries: [{}, { status: 'scheduled', page: '2' }], status: 200 },
  'telegram.createPost': { body: { text: '<b>Скидки</b> до пятницы', sendAt: '2099-01-01T10:00' }, status: 201 },
  'telegram.updatePost': { body: { text: 'Скидки', sendAt: '2099-01-01T10:00' }, status: 404 },
  'telegram.cancelPost': { status: 404 },
  'telegram.sendPostNow': { status: 404 },
  'telegram.testPost': { body: { text: 'Проба' }, status: 409 },
  'telegram.uploadPicture': { file: { content: PNG_1X1, filename: 'post.png', type: 'image/png' }, status: 201 },
  'telegram.picture': { status: 404 },
  'telegram.statistics': { queries: [{}, { from: '2026-11-01', to: '2026-11-30' }], status: 200 },
};

const declared = listEndpoints();

function paramNamesOf(def: EndpointDef): string[] {
  return [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

function paramsOf(name: string, def: EndpointDef): Record<string, string> {
  return Object.fromEntries(paramNamesOf(def).map((key) => [key, samples[name]?.params?.[key] ?? randomUUID()]));
}

/** The request of one matrix row, built from the declaration and its sample. */
function requestOf(name: string, def: EndpointDef, query: Record<string, string>): InjectOptions {
  const sample = samples[name] ?? {};
  const search = new URLSearchParams(query).toString();
  const request: InjectOptions = {
    method: def.method,
    url: `/api${endpointPath(def.path, paramsOf(name, def))}${search ? `?${search}` : ''}`,
    headers: { ...sample.headers },
  };
  if (def.body) {
    if (!sample.body) throw new Error(`${name} takes a body: add a valid one to \`samples\` in access/role-matrix.test.ts`);
    request.payload = sample.body;
  }
  if (def.file) {
    if (!sample.file) throw new Error(`${name} takes a file: add one to \`samples\` in access/role-matrix.test.ts`);
    const form = multipart('file', sample.file.content, sample.file.filename, sample.file.type);
    request.payload = form.payload;
    request.headers = { ...request.headers, ...form.headers };
  }
  return request;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  samples['telegram.webhook']!.headers = { 'x-telegram-bot-api-secret-token': await ctx.app.areas.telegram.webhookSecret() };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: await signInAs(ctx.app, 'admin'),
    payload: { ...MERCHANDISER, name: 'Тамара', surname: 'Товароведова', role: 'merchandiser' },
  });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(() => ctx.close());

/** One session per caller, signed in once; an endpoint that spends its session gets a fresh one. */
const sessions = new Map<Caller, Promise<Headers>>();
function signInFresh(caller: Exclude<Caller, 'guest'>): Promise<Headers> {
  return caller === 'merchandiser' ? signInWith(ctx.app, MERCHANDISER.phone, MERCHANDISER.password) : signInAs(ctx.app, caller);
}
async function headersOf(caller: Caller, isFresh: boolean): Promise<Headers> {
  if (caller === 'guest') return {};
  if (isFresh) return signInFresh(caller);
  if (!sessions.has(caller)) sessions.set(caller, signInFresh(caller));
  return sessions.get(caller)!;
}

describe('the samples', () => {
  it('cover every caller role: a new role needs a caller here', () => {
    expect(new Set(callers.map(roleOf).filter((role) => role !== null))).toEqual(new Set(roles));
  });

  it('name only declared endpoints', () => {
    const names = new Set(declared.map(({ name }) => name));
    expect(Object.keys(samples).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(declared)('$name: parameters, query, body and file reach the guard', ({ name, def }) => {
    const sample = samples[name] ?? {};
    if (def.params) expect(def.params.safeParse(paramsOf(name, def)).error).toBeUndefined();
    else expect(paramNamesOf(def)).toEqual([]);
    for (const query of sample.queries ?? [{}]) {
      if (def.query) expect(def.query.safeParse(query).error).toBeUndefined();
      else expect(query, `${name} takes no query`).toEqual({});
    }
    if (def.body) {
      expect(sample.body, `${name} takes a body: add a valid sample body`).toBeDefined();
      expect(def.body.safeParse(sample.body).error).toBeUndefined();
    } else expect(sample.body, `${name} takes no body`).toBeUndefined();
    if (def.file) expect(sample.file, `${name} takes a file: add a sample file`).toBeDefined();
    else expect(sample.file, `${name} takes no file`).toBeUndefined();
  });
});

describe('role matrix', () => {
  for (const { name, def } of declared) {
    for (const query of samples[name]?.queries ?? [{}]) {
      const search = new URLSearchParams(query).toString();
      for (const caller of callers) {
        const expected = outcomeOf(def.access, roleOf(caller));
        it(`${name}: ${def.method} /api${def.path}${search ? `?${search}` : ''} as ${caller} → ${expected}`, async () => {
          const request = requestOf(name, def, query);
          const auth = await headersOf(caller, samples[name]?.spendsSession === true);
          const res = await ctx.app.inject({ ...request, headers: { ...(request.headers as Headers), ...auth } });
          if (expected === 'passes') {
            expect([401, 403], res.body).not.toContain(res.statusCode);
            expect(res.statusCode, res.body).toBeLessThan(500);
            const status = samples[name]?.status;
            if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
          } else {
            expectError(res, expected);
          }
        });
      }
    }
  }

  // The uploaded file is read in the handler, after the guard: a refused caller never gets it read.
  // A public upload (a transfer receipt, sent by whoever holds the payment's link) has no guard to test.
  it.each(declared.filter(({ def }) => def.file && def.access !== 'public'))(
    '$name is guarded before its file is read',
    async ({ name, def }) => {
      // The query is validated before the guard runs: send the sample's, so the guard is what answers.
      const search = new URLSearchParams(samples[name]?.queries?.[0] ?? {}).toString();
      const url = `/api${endpointPath(def.path, paramsOf(name, def))}${search ? `?${search}` : ''}`;
      expectError(await ctx.app.inject({ method: def.method, url }), 401);
      const refused = callers.find((caller) => outcomeOf(def.access, roleOf(caller)) === 403);
      if (refused) expectError(await ctx.app.inject({ method: def.method, url, headers: await headersOf(refused, false) }), 403);
    },
  );
});

/**
 * Every route of the app, read from its route tree: `printRoutes({ commonPrefix: false })` prints one
 * node a line, indented four characters a level, each with the methods it answers.
 */
function registeredRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) if (method && method !== '-') routes.push({ method, url });
  }
  return routes;
}

describe('declared endpoints are the API', () => {
  const expectedRoutes = declared.map(({ def }) => `${def.method} /api${def.path}`).sort();

  it('the app registers exactly the declared endpoints under /api (beside the API reference)', () => {
    const api = registeredRoutes()
      // HEAD is added by Fastify to every GET; /api/docs is the OpenAPI reference itself.
      .filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api/') && !/^\/api\/docs(\/|$)/.test(url))
      .map(({ method, url }) => `${method} ${url}`)
      .sort();
    expect(api).toEqual(expectedRoutes);
  });

  it('outside /api, the app serves only files of the web build', () => {
    // The exceptions: the built-in Telegram's chat page (served without a bot token, and only to this
    // machine) and Prometheus' /metrics (only to METRICS_ALLOW's addresses; test/system/metrics.test.ts).
    const others = registeredRoutes().filter(
      ({ url }) => !url.startsWith('/api/') && url !== '/api' && !url.startsWith('/telegram-emulator') && url !== '/metrics',
    );
    for (const { method, url } of others) {
      expect(['GET', 'HEAD'], `${method} ${url}`).toContain(method);
      expect(fs.existsSync(path.join(ctx.config.webDistDir, url)), `${url} is not a file of ${ctx.config.webDistDir}`).toBe(true);
    }
  });

  it('the OpenAPI document lists exactly the declared endpoints, with `security` on exactly the non-public ones', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { security?: unknown }>> }>();
    const listed = Object.entries(doc.paths).flatMap(([url, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
        security: operation.security,
      })),
    );
    expect(listed.map(({ route }) => route).sort()).toEqual(expectedRoutes);
    for (const { def, name } of declared) {
      const { security } = listed.find(({ route }) => route === `${def.method} /api${def.path}`)!;
      if (def.access === 'public') expect(security, name).toBeUndefined();
      else expect(security, name).toEqual([{ bearer: [] }]);
    }
  });
});
