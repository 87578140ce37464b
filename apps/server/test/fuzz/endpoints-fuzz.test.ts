import { type EndpointDef, listEndpoints, rolesOf } from '@vmeste/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { type DemoAccountName, demoAccountNames, demoPhones, demoRoleOf, signInAs } from '../fixtures/demo-accounts.js';
import { CYRILLIC } from '../fixtures/api-assertions.js';
import type { Headers } from '../fixtures/requests.js';
import { type Base, baseOf, ECHO, hostileShotsOf, injectOf, type KnownIds, type Shot } from './hostile-requests.js';
import { createPurchase } from '../fixtures/purchases-kit.js';
import { createCard, goods, purchaseWithOrders } from '../fixtures/payments-kit.js';
import { addVocabulary } from './schema-example.js';

/**
 * Every endpoint of the contract, fed hostile input as each kind of caller: no answer may be a 5xx,
 * and every error answer is `{ statusCode, error, message }` with a Russian message that does not
 * repeat what was sent. The requests start from a base built from the endpoint's own schemas (see
 * schema-example.ts) and break one thing at a time (hostile-requests.ts).
 *
 * Each shot goes to one caller the endpoint admits (they take turns), so the handlers behind the
 * guard are reached; the NUL and wrong-body shots go to every caller.
 */

/** The seven callers of the role matrix: a guest and every demo account, the unconfirmed client included. */
type Caller = 'guest' | DemoAccountName;
const callers: Caller[] = ['guest', ...demoAccountNames];
const sentToEveryone = new Set(['NUL in every text', 'a JSON string for the body', 'path :id: broken percent-encoding']);

/**
 * Failures in areas whose owners are fixing them: `endpoint name: shot label` → why. The lead empties
 * this list; an entry that no longer fails makes the test fail too, so it cannot outlive its fix.
 */
const knownAreaFailures: Record<string, string> = {};

/**
 * Latin words a Russian message may carry: names of services and formats, and the API's own words —
 * field names and the values a field takes (`isOpen — true или false`), which a message may list.
 * English prose (`Invalid input: expected object`) is none of these.
 */
const allowedLatinWords = new Set(['telegram', 'excel', 'boxberry', 'dadata', 'yookassa', 'multipart', 'xlsx', 'true', 'false', 'https']);
for (const { def } of listEndpoints())
  for (const schema of [def.params, def.query, def.body]) if (schema) addVocabulary(schema, allowedLatinWords);
const ERROR_BODY_KEYS = new Set(['statusCode', 'error', 'message', 'field', 'retryAfterSeconds']);

function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).startsWith('application/json'))
    return `${res.statusCode} is not JSON: ${res.body.slice(0, 200)}`;
  const body = res.json<Record<string, unknown>>();
  const message = body.message;
  if (typeof message !== 'string' || body.statusCode !== res.statusCode)
    return `${res.statusCode} without its shape: ${res.body.slice(0, 200)}`;
  const extra = Object.keys(body).filter((key) => !ERROR_BODY_KEYS.has(key));
  if (extra.length > 0) return `${res.statusCode} has keys ${extra.join(', ')}`;
  if (!CYRILLIC.test(message)) return `${res.statusCode} not Russian: ${message}`;
  const latin = (message.match(/[A-Za-z]{5,}/g) ?? []).filter((word) => !allowedLatinWords.has(word.toLowerCase()));
  if (latin.length > 0) return `${res.statusCode} has English words (${latin.join(', ')}): ${message}`;
  if (res.body.includes(ECHO)) return `${res.statusCode} repeats the input: ${res.body.slice(0, 200)}`;
  return null;
}

function admits(def: EndpointDef, caller: Caller): boolean {
  if (def.access === 'public') return true;
  if (caller === 'guest') return false;
  const roles = rolesOf(def.access);
  return roles === null || roles.includes(demoRoleOf(caller));
}

let ctx: TestContext;
const sessions = new Map<Caller, Headers>();
/** Headers a public endpoint knows its caller by, so the shots reach its handler: Telegram's webhook secret. */
const endpointHeaders: Record<string, Headers> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  endpointHeaders['telegram.webhook'] = { 'x-telegram-bot-api-secret-token': await ctx.app.areas.telegram.webhookSecret() };
  sessions.set('guest', {});
  for (const caller of callers.filter((c) => c !== 'guest')) sessions.set(caller, await signInAs(ctx.app, caller as DemoAccountName));
  // An open purchase to add orders to, and an order of the client's waiting for payment.
  const admin = sessions.get('admin')!;
  const card = await createCard(ctx.app, admin);
  const open = await createPurchase(ctx.app, admin, { title: 'Закупка для проверки' });
  const { orders } = await purchaseWithOrders(ctx.app, admin, {
    cardId: card.id,
    orders: [{ phone: demoPhones.client, lines: goods(10_000) }],
  });
  const ids: KnownIds = {
    byField: { purchaseId: open.id, orderId: orders[0]!.id, orderIds: orders[0]!.id, cardId: card.id },
    byPath: [
      [/^\/(warehouse\/)?purchases\/:id/, open.id],
      [/^\/orders\/:id/, orders[0]!.id],
      [/^\/cards\/:id/, card.id],
    ],
  };
  bases = new Map(declared.map(({ name, def }) => [name, baseOf(def, ids)]));
});
afterAll(() => ctx.close());

const declared = listEndpoints();
let bases: Map<string, Base>;

describe('the bases the fuzzing starts from', () => {
  // A new endpoint whose schema the example maker cannot satisfy fails here: add a hint in schema-example.ts.
  it('are valid for every endpoint, so the hostile shots reach the handlers', () => {
    expect(declared.filter(({ name }) => !bases.get(name)!.isValid).map(({ name }) => name)).toEqual([]);
  });
});

describe('hostile input to every endpoint', () => {
  const seenKnown = new Set<string>();

  it.each(declared)('$name: $def.method $def.path', async ({ name, def }) => {
    // Signing out would end the session the other shots share.
    const admitted = name === 'auth.logout' ? ['guest' as const] : callers.filter((caller) => admits(def, caller));
    const turns = admitted.length > 0 ? admitted : (['guest'] as Caller[]);
    const problems: string[] = [];
    const shots = hostileShotsOf(def, bases.get(name)!);
    const send = async (shot: Shot, caller: Caller) => {
      const res = await ctx.app.inject(injectOf(def, shot, { ...endpointHeaders[name], ...sessions.get(caller)! }));
      const problem = problemOf(res);
      const key = `${name}: ${shot.label}`;
      if (problem && key in knownAreaFailures) seenKnown.add(key);
      else if (problem) problems.push(`${shot.label} as ${caller} → ${problem}`);
    };
    for (const [index, shot] of shots.entries()) {
      const everyone = sentToEveryone.has(shot.label) && name !== 'auth.logout';
      for (const caller of everyone ? callers : [turns[index % turns.length]!]) await send(shot, caller);
    }
    expect(problems).toEqual([]);
  });

  // A shot that ended a session would leave the shots after it unchecked behind a 401.
  it('every caller stayed signed in throughout', async () => {
    for (const caller of callers.filter((c) => c !== 'guest')) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/my', headers: sessions.get(caller)! });
      expect(res.statusCode, caller).toBe(200);
    }
  });

  it('every known area failure still fails (remove an entry once its area is fixed)', () => {
    expect(Object.keys(knownAreaFailures).filter((key) => !seenKnown.has(key))).toEqual([]);
  });
});
