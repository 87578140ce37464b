import {
  dueOf,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MAX_ORDER_TOTAL_KOPECKS,
  MAX_UNIT_PRICE_KOPECKS,
  orderTotalsOf,
  paymentStateOf,
  paymentStates,
  refundDueOf,
} from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { dueSql, organizerFeeSql, paymentStateSql, refundDueSql } from '../../src/areas/orders/order-money.sql.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';

/**
 * The SQL twins of the order money rules give what the contract's functions give, on the same
 * inputs, through the real database (PGlite, or PostgreSQL with DATABASE_URL).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Case = { goods: number; feeBasisPoints: number; paid: number; isCanceled: boolean };

/** Above this, goods × 10000 basis points no longer fits a double exactly (see the report on money limits). */
const LARGEST_EXACT_GOODS = Math.floor(Number.MAX_SAFE_INTEGER / 10_000);

const cases: [string, Case][] = [
  ['a fee of exactly half a kopeck rounds up (1 kopeck at 50 %)', { goods: 1, feeBasisPoints: 5000, paid: 0, isCanceled: false }],
  ['half a kopeck at 10 % (5 kopecks)', { goods: 5, feeBasisPoints: 1000, paid: 0, isCanceled: false }],
  ['1.5 kopecks round to 2', { goods: 15, feeBasisPoints: 1000, paid: 0, isCanceled: false }],
  ['2.5 kopecks round to 3, not to the even 2', { goods: 25, feeBasisPoints: 1000, paid: 0, isCanceled: false }],
  ['12 500.5 kopecks at 12.5 % round up', { goods: 100_004, feeBasisPoints: 1250, paid: 0, isCanceled: false }],
  ['just under half a kopeck rounds down', { goods: 1, feeBasisPoints: 4999, paid: 0, isCanceled: false }],
  ['just over half a kopeck rounds up', { goods: 1, feeBasisPoints: 5001, paid: 0, isCanceled: false }],
  ['zero goods', { goods: 0, feeBasisPoints: 1500, paid: 0, isCanceled: false }],
  ['a zero fee', { goods: 12_345, feeBasisPoints: 0, paid: 0, isCanceled: false }],
  ['a 100 % fee', { goods: 12_345, feeBasisPoints: 10_000, paid: 0, isCanceled: false }],
  ['the smallest fee step, 0.01 %', { goods: 999_999, feeBasisPoints: 1, paid: 0, isCanceled: false }],
  ['a canceled unpaid order', { goods: 50_000, feeBasisPoints: 1250, paid: 0, isCanceled: true }],
  ['a canceled partly paid order', { goods: 50_000, feeBasisPoints: 1250, paid: 20_000, isCanceled: true }],
  ['a canceled order paid in full', { goods: 50_000, feeBasisPoints: 1250, paid: 56_250, isCanceled: true }],
  ['a canceled order of zero total', { goods: 0, feeBasisPoints: 0, paid: 0, isCanceled: true }],
  ['a partly paid order', { goods: 50_000, feeBasisPoints: 1250, paid: 20_000, isCanceled: false }],
  ['a paid order, to the kopeck', { goods: 50_000, feeBasisPoints: 1250, paid: 56_250, isCanceled: false }],
  ['an overpaid order', { goods: 50_000, feeBasisPoints: 1250, paid: 60_000, isCanceled: false }],
  ['a total that grew after payment', { goods: 50_001, feeBasisPoints: 1250, paid: 56_250, isCanceled: false }],
  ['a zero total with nothing paid', { goods: 0, feeBasisPoints: 0, paid: 0, isCanceled: false }],
  [
    'the dearest order the shop takes, at a 100 % fee',
    { goods: MAX_ORDER_TOTAL_KOPECKS, feeBasisPoints: 10_000, paid: 0, isCanceled: false },
  ],
  ['a kopeck under it, on half a kopeck', { goods: MAX_ORDER_TOTAL_KOPECKS - 1, feeBasisPoints: 5000, paid: 0, isCanceled: false }],
  [
    'the largest goods sum whose fee JavaScript computes exactly',
    { goods: LARGEST_EXACT_GOODS, feeBasisPoints: 9999, paid: 1, isCanceled: false },
  ],
];

/** One row through the four SQL twins; bigint columns come back as strings on node-postgres. */
async function inSql({ goods, feeBasisPoints, paid, isCanceled }: Case, total: number) {
  const totalSql = sql`${total}::bigint`;
  const paidSql = sql`${paid}::bigint`;
  const canceledAt = isCanceled ? sql`now()` : sql`null::timestamptz`;
  const result = await ctx.database.db.execute(sql`select
    ${organizerFeeSql(sql`${goods}::bigint`, sql`${feeBasisPoints}::int`)} as fee,
    ${dueSql({ total: totalSql, paid: paidSql, canceledAt })} as due,
    ${refundDueSql({ total: totalSql, paid: paidSql, canceledAt })} as refund_due,
    ${paymentStateSql({ total: totalSql, paid: paidSql, canceledAt })} as state`);
  const [row] = rowsOf<{ fee: number | string; due: number | string; refund_due: number | string; state: string }>(result);
  return {
    organizerFeeKopecks: Number(row!.fee),
    dueKopecks: Number(row!.due),
    refundDueKopecks: Number(row!.refund_due),
    paymentState: row!.state,
  };
}

describe('order money: the SQL twins agree with the contract', () => {
  it.each(cases)('%s', async (_title, input) => {
    const { organizerFeeKopecks, totalKopecks } = orderTotalsOf(input.goods, input.feeBasisPoints);
    const expected = {
      organizerFeeKopecks,
      dueKopecks: dueOf({ totalKopecks, paidKopecks: input.paid, isCanceled: input.isCanceled }),
      refundDueKopecks: refundDueOf({ totalKopecks, paidKopecks: input.paid, isCanceled: input.isCanceled }),
      paymentState: paymentStateOf({ totalKopecks, paidKopecks: input.paid, isCanceled: input.isCanceled }),
    };
    expect(await inSql(input, totalKopecks)).toEqual(expected);
  });

  it('the cases above hit every outcome of the rules', () => {
    const outcomes = cases.map(([, c]) => {
      const { totalKopecks } = orderTotalsOf(c.goods, c.feeBasisPoints);
      return [
        paymentStateOf({ totalKopecks, paidKopecks: c.paid, isCanceled: c.isCanceled }),
        dueOf({ totalKopecks, paidKopecks: c.paid, isCanceled: c.isCanceled }) === 0,
      ];
    });
    for (const state of paymentStates) expect(outcomes.map(([s]) => s)).toContain(state);
    expect(outcomes.map(([, isNothingDue]) => isNothingDue)).toEqual(expect.arrayContaining([true, false]));
    // At least one fee falls exactly on half a kopeck: goods × basis points ends in 5000.
    expect(cases.some(([, c]) => (c.goods * c.feeBasisPoints) % 10_000 === 5000)).toBe(true);
  });
});

describe('the money limits', () => {
  it('keep every order inside exact arithmetic, in JavaScript and in bigint columns', () => {
    // An order's goods never pass its total, so goods × basis points stays exact up to the limit.
    expect(MAX_ORDER_TOTAL_KOPECKS).toBeLessThanOrEqual(LARGEST_EXACT_GOODS);
    // Summing a file's lines before the limit is checked: even every line at its most stays exact.
    expect(MAX_UNIT_PRICE_KOPECKS * MAX_LINE_QUANTITY * MAX_ORDER_LINES).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});
