import { applyPercentHalfUp, endpoints } from '@vmeste/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard, sandboxDecide, sandboxIdOf } from '../fixtures/payments-kit.js';
import { call, type Headers } from '../fixtures/requests.js';
import {
  type Client,
  balanceOf,
  ledgerCheck,
  manual,
  newClient,
  orderOf,
  payWithBonus,
  putSettings,
  refund,
  storedBalanceAndLedger,
} from './bonus-kit.js';

/**
 * The ledger's invariant under a random mix of everything that moves bonuses through the API —
 * manual credits and debits, payments with bonuses that succeed, fail or are abandoned, refunds to
 * money and to bonuses, cashback at payment and its reversal: the balance is the sum of the ledger and
 * equal to what a simple model of the rules expects (below zero only by a reversal: docs/decisions/023).
 */

// One long sequence rather than several short ones: a debt, a refund of a refund's leftovers and
// cashback on money paid after bonuses ran out only show up deep into a history (issue 26, item 15).
const RUNS = 1;
const STEPS = 1_000;
const CASHBACK_BP = 300;
const ORDER_KOPECKS = [10_000, 23_457];

type Op =
  | { kind: 'manual'; client: number; amount: number }
  | { kind: 'pay'; client: number; order: number; bonusShare: number; outcome: 'pay' | 'decline' | 'abandon' | 'cancel' }
  | { kind: 'refund'; client: number; order: number; to: 'money' | 'bonus' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('manual' as const),
    client: fc.nat(1),
    amount: fc.integer({ min: -30_000, max: 30_000 }).filter((a) => a !== 0),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    client: fc.nat(1),
    order: fc.nat(1),
    bonusShare: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    outcome: fc.constantFrom('pay' as const, 'decline' as const, 'abandon' as const, 'cancel' as const),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    client: fc.nat(1),
    order: fc.nat(1),
    to: fc.constantFrom('money' as const, 'bonus' as const),
  }),
);

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
  await putSettings(ctx.app, admin, { creditOn: 'payment', spendCapPercent: 100, defaultPercent: CASHBACK_BP / 100 });
});
afterAll(() => ctx.close());

type OrderState = { id: string; amount: number; paid: null | { paymentId: string; bonus: number; accrual: number } };
type ClientState = { client: Client; balance: number; orders: OrderState[] };

async function freshClients(): Promise<ClientState[]> {
  const states: ClientState[] = [];
  for (let i = 0; i < 2; i += 1) {
    const client = await newClient(ctx.app);
    const orders: OrderState[] = [];
    for (const amount of ORDER_KOPECKS)
      orders.push({ id: (await orderOf(ctx.app, admin, client.phone, amount, cardId)).id, amount, paid: null });
    states.push({ client, balance: 0, orders });
  }
  return states;
}

async function step(states: ClientState[], op: Op): Promise<void> {
  const state = states[op.client]!;
  const { client } = state;
  if (op.kind === 'manual') {
    const res = await manual(ctx.app, admin, client.phone, op.amount);
    if (op.amount < 0 && -op.amount > state.balance) {
      expect(res.statusCode, res.body).toBe(409);
    } else {
      expect(res.statusCode, res.body).toBe(201);
      state.balance += op.amount;
    }
    return;
  }
  const order = state.orders[op.order]!;
  if (op.kind === 'pay') {
    if (order.paid) return;
    const bonus = Math.min(order.amount, Math.round(order.amount * op.bonusShare));
    const res = await payWithBonus(ctx.app, client.headers, [order.id], bonus);
    if (bonus > Math.max(0, state.balance)) {
      expect(res.statusCode, res.body).toBe(409);
      return;
    }
    expect(res.statusCode, res.body).toBe(201);
    state.balance -= bonus;
    const result = res.json<{ payments: { id: string; method: string }[]; redirectUrl: string | null }>();
    const paymentId = result.payments[0]!.id;
    const accrual = applyPercentHalfUp(order.amount - bonus, CASHBACK_BP);
    if (bonus === order.amount) {
      expect(result.payments[0]!.method).toBe('bonus');
      order.paid = { paymentId, bonus, accrual: 0 };
      return;
    }
    if (op.outcome === 'pay' || op.outcome === 'decline') {
      const decided = await sandboxDecide(ctx.app, sandboxIdOf(res.json()), op.outcome);
      expect(decided.statusCode, decided.body).toBe(200);
    } else if (op.outcome === 'abandon') {
      const abandoned = await call(ctx.app, endpoints.payments.abandon, { params: { id: paymentId }, headers: client.headers });
      expect(abandoned.statusCode, abandoned.body).toBe(200);
    } else {
      const canceled = await call(ctx.app, endpoints.payments.cancel, { params: { id: paymentId }, headers: admin, body: {} });
      expect(canceled.statusCode, canceled.body).toBe(200);
    }
    if (op.outcome === 'pay') {
      state.balance += accrual;
      order.paid = { paymentId, bonus, accrual };
    } else {
      state.balance += bonus;
    }
    return;
  }
  if (!order.paid) return;
  const res = await refund(ctx.app, admin, order.paid.paymentId, { to: op.to });
  expect(res.statusCode, res.body).toBe(200);
  // First what goes to bonuses, then all of the cashback reversed, even beyond the balance (a debt).
  state.balance += op.to === 'bonus' ? order.amount : order.paid.bonus;
  state.balance -= order.paid.accrual;
  order.paid = null;
}

describe('the ledger under random operations', () => {
  it(`${STEPS} operations in a row (${RUNS} run) keep balance = sum(ledger) and match the model`, { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: STEPS, maxLength: STEPS }), async (ops) => {
        const states = await freshClients();
        let done = 0;
        for (const [index, op] of ops.entries()) {
          await step(states, op);
          done += 1;
          if (index % 50 === 49 || index === ops.length - 1) {
            for (const state of states) {
              const stored = await storedBalanceAndLedger(ctx, state.client.userId);
              expect(stored.balance, `after op ${index} ${JSON.stringify(op)}`).toBe(stored.ledger);
              expect(stored.balance).toBe(state.balance);
            }
          }
        }
        expect(done).toBeGreaterThanOrEqual(1_000);
        for (const state of states) expect(await balanceOf(ctx.app, state.client.headers)).toBe(state.balance);
        expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
