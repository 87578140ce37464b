import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../fixtures/api-assertions.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createCard } from '../fixtures/payments-kit.js';
import type { Headers } from '../fixtures/requests.js';
import {
  balanceOf,
  entriesOf,
  ledgerCheck,
  manual,
  myBonus,
  newClient,
  orderOf,
  paySandboxWithBonus,
  payWithBonus,
  putSettings,
  refund,
  storedBalanceAndLedger,
} from './bonus-kit.js';

/**
 * Cashback after a refund (issue 25, item 5; docs/decisions/023): a refund takes back all the
 * cashback its payment earned, even what the client has spent since; the balance then shows a debt,
 * which the next credits pay before anything can be spent again.
 */

const PERCENT = 10;
/** Cashback at PERCENT of the money part, rounded half up, computed here rather than by the code. */
const cashbackOf = (moneyKopecks: number) => Math.floor((moneyKopecks * PERCENT) / 100 + 0.5);

let ctx: TestContext;
let admin: Headers;
let cardId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, 'admin');
  cardId = (await createCard(ctx.app, admin)).id;
  await putSettings(ctx.app, admin, { defaultPercent: PERCENT, creditOn: 'payment', spendCapPercent: 100 });
});
afterAll(() => ctx.close());

/** The story: pay 1 000 ₽, spend its cashback on a second order, refund the first payment. */
async function clientInDebt() {
  const client = await newClient(ctx.app);
  const first = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
  const { payment } = await paySandboxWithBonus(ctx.app, ctx, client.headers, [first.id], 0);
  const earned = cashbackOf(100_000);
  expect(earned).toBe(10_000);
  expect(await balanceOf(ctx.app, client.headers)).toBe(earned);

  const second = await orderOf(ctx.app, admin, client.phone, 100_000, cardId);
  await paySandboxWithBonus(ctx.app, ctx, client.headers, [second.id], earned);
  const secondCashback = cashbackOf(100_000 - earned);
  expect(await balanceOf(ctx.app, client.headers)).toBe(secondCashback);

  expect((await refund(ctx.app, admin, payment.id)).statusCode).toBe(200);
  return { client, payment, debt: earned - secondCashback };
}

describe('a refund after the cashback was spent', () => {
  it('takes back all of the cashback: the balance goes below zero by what was spent beyond it', async () => {
    const { client, payment, debt } = await clientInDebt();
    expect(debt).toBe(1_000);
    const reversal = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'reversal' && r.paymentId === payment.id);
    expect(reversal.map((r) => [r.amountKopecks, r.writtenOffKopecks])).toEqual([[-cashbackOf(100_000), 0]]);
    expect(await balanceOf(ctx.app, client.headers)).toBe(-debt);
    expect(await storedBalanceAndLedger(ctx, client.userId)).toEqual({ balance: -debt, ledger: -debt });
    // Nothing of a debt expires or is offered as expiring.
    expect((await myBonus(ctx.app, client.headers)).expiring).toBeNull();
  });

  it('a second refund of the same payment takes nothing more', async () => {
    const { client, payment, debt } = await clientInDebt();
    await refund(ctx.app, admin, payment.id);
    const reversals = (await entriesOf(ctx, client.userId)).filter((r) => r.kind === 'reversal' && r.paymentId === payment.id);
    expect(reversals.reduce((sum, r) => sum + r.amountKopecks, 0)).toBe(-cashbackOf(100_000));
    expect(await balanceOf(ctx.app, client.headers)).toBe(-debt);
  });

  it('refuses every spend while the balance is at or below zero, naming the debt', async () => {
    const { client, debt } = await clientInDebt();
    const next = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    const spend = await payWithBonus(ctx.app, client.headers, [next.id], 100);
    expectError(spend, 409);
    expect(spend.json<{ message: string }>().message).toMatch(/^Долг по бонусам 10,00\s₽: списать бонусы нельзя, пока он не погашен$/);
    expectError(await manual(ctx.app, admin, client.phone, -100), 409);
    // Paid back to exactly zero, still nothing to spend.
    expect((await manual(ctx.app, admin, client.phone, debt)).statusCode).toBe(201);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
    expectError(await payWithBonus(ctx.app, client.headers, [next.id], 100), 409);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
  });

  it('the next cashback pays the debt first; only the rest can be spent', async () => {
    const { client, debt } = await clientInDebt();
    const next = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    await paySandboxWithBonus(ctx.app, ctx, client.headers, [next.id], 0);
    const left = cashbackOf(50_000) - debt;
    expect(left).toBe(4_000);
    expect(await balanceOf(ctx.app, client.headers)).toBe(left);
    const after = await orderOf(ctx.app, admin, client.phone, 50_000, cardId);
    expectError(await payWithBonus(ctx.app, client.headers, [after.id], left + 1), 409);
    expect((await payWithBonus(ctx.app, client.headers, [after.id], left)).statusCode).toBe(201);
    expect(await balanceOf(ctx.app, client.headers)).toBe(0);
  });

  it('the ledger check agrees with every balance, debts included', async () => {
    expect((await ledgerCheck(ctx.app, admin)).differences).toEqual([]);
  });
});
