import { endpoints } from '@vmeste/contract';
import * as contract from '@vmeste/contract';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import * as schema from '../../src/tables.js';
import { createTestApp, type TestContext } from '../fixtures/app.js';
import { signInAs } from '../fixtures/demo-accounts.js';
import { createPurchase } from '../fixtures/purchases-kit.js';
import { call } from '../fixtures/requests.js';

/**
 * Every status and kind column holds only what the contract names (issue 25, item 15): the migration's
 * CHECK constraints are read back from pg_constraint (PGlite and PostgreSQL alike) and tried.
 */

type Check = { name: string; table: string; definition: string; values: Set<string> };

/** Contract lists that no column stores: states worked out from other columns, and subsets of a stored list. */
const notStored: Record<string, { reason: string; subsetOf?: readonly string[] }> = {
  paymentStates: { reason: 'worked out from the money of an order' },
  logisticsStages: { reason: 'worked out from a parcel and its invoice' },
  boxberryModes: { reason: 'worked out from the configuration' },
  assignableStaffRoles: { reason: 'roles staff may be given', subsetOf: contract.roles },
  staffRoles: { reason: 'roles of staff', subsetOf: contract.roles },
  clientPaymentMethods: { reason: 'methods a client picks', subsetOf: contract.paymentMethods },
  onlinePaymentMethods: { reason: 'methods paid at the provider', subsetOf: contract.paymentMethods },
  openPaymentStatuses: { reason: 'statuses of an open payment', subsetOf: contract.paymentStatuses },
  moneyPaymentStatuses: { reason: 'statuses whose money came', subsetOf: contract.paymentStatuses },
  openPurchaseStatuses: { reason: 'statuses of a live purchase', subsetOf: contract.purchaseStatuses },
  orderEditableStatuses: { reason: 'statuses whose orders change', subsetOf: contract.purchaseStatuses },
  orderedFromSupplierStatuses: { reason: 'statuses whose goods are ordered from the supplier', subsetOf: contract.purchaseStatuses },
  feeEditableStatuses: { reason: 'statuses whose fee the purchase form changes', subsetOf: contract.purchaseStatuses },
  feeChangeableStatuses: { reason: 'statuses whose fee changes at all', subsetOf: contract.purchaseStatuses },
  payablePurchaseStatuses: { reason: 'statuses whose orders are paid', subsetOf: contract.purchaseStatuses },
  receivingPurchaseStatuses: { reason: 'statuses the warehouse receives in', subsetOf: contract.purchaseStatuses },
  packedFulfilmentStatuses: { reason: 'steps of packed goods', subsetOf: contract.fulfilmentStatuses },
  shippedDeliveryKinds: { reason: 'kinds that travel', subsetOf: contract.deliveryKinds },
  telegramSwitchableKinds: { reason: 'kinds a person may switch off', subsetOf: contract.messageKinds },
  moneyDifferenceKinds: { reason: 'worked out by the money audit, never stored' },
  plainBoxberryStatuses: { reason: 'words shown for a raw Boxberry status, never stored' },
};

/** The contract's lists of stored values, by their names: statuses, kinds, methods and the like. */
const valueListName = /(Statuses|Kinds|Methods|Destinations|Actions|Moments|Repeats|States|Stages|Modes|Roles)$|^roles$/;
const contractLists = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, readonly string[]] =>
    valueListName.test(entry[0]) && Array.isArray(entry[1]) && entry[1].every((v: unknown) => typeof v === 'string'),
);

/** Every text column of the schema declared with a list of values. */
const enumColumns = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.flatMap((column) =>
      column.enumValues?.length ? [{ table: config.name, column: column.name, values: column.enumValues }] : [],
    );
  });

let ctx: TestContext;
let checks: Check[];
beforeAll(async () => {
  ctx = await createTestApp();
  const result = await ctx.database.db.execute(sql`
    select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'c' and n.nspname = current_schema()`);
  checks = rowsOf<Omit<Check, 'values'>>(result).map((c) => ({
    ...c,
    values: new Set([...c.definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"))),
  }));
});
afterAll(() => ctx.close());

function checkOf(table: string, column: string): Check | undefined {
  // `column in (…)` reads back as `column = ANY (ARRAY[…])`, or `column = '…'::text` for a list of one;
  // other checks may name the column too.
  return checks.find(
    (c) =>
      c.table === table &&
      (new RegExp(`\\b${column} = ANY \\(ARRAY\\[`).test(c.definition) ||
        new RegExp(`^CHECK \\(\\(${column} = '(?:[^']|'')*'::text\\)\\)$`).test(c.definition)),
  );
}

const sameSet = (a: Set<string>, b: readonly string[]) => a.size === new Set(b).size && b.every((v) => a.has(v));

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.cause?.code ?? e?.code;
}

describe('CHECK constraints on status and kind columns', () => {
  it('finds the contract lists to check (the filter is not empty by mistake)', () => {
    expect(contractLists.map(([name]) => name)).toEqual(expect.arrayContaining(['purchaseStatuses', 'paymentStatuses', 'bonusEntryKinds']));
    expect(enumColumns.length).toBeGreaterThan(30);
  });

  it.each(enumColumns.map((c) => [`${c.table}.${c.column}`, c] as const))(
    '%s accepts only its declared values',
    (_, { table, column, values }) => {
      const check = checkOf(table, column);
      expect(check, `no CHECK on ${table}.${column}`).toBeDefined();
      expect([...check!.values].sort()).toEqual([...values].sort());
    },
  );

  it.each(contractLists.map(([name, values]) => [name, values] as const))('contract list %s has its constraint', (name, values) => {
    const exception = notStored[name];
    if (exception) {
      if (exception.subsetOf) expect(values.filter((v) => !exception.subsetOf!.includes(v))).toEqual([]);
      return;
    }
    const holders = checks.filter((c) => sameSet(c.values, values));
    expect(
      holders.map((c) => c.name),
      `no CHECK holds exactly the values of ${name}`,
    ).not.toEqual([]);
  });

  it.each(enumColumns.map((c) => [`${c.table}.${c.column}`, c] as const))(
    '%s refuses an unknown value and takes a known one',
    async (_, { table, column, values }) => {
      const check = checkOf(table, column)!;
      // A copy of the table without its NOT NULLs, carrying only this CHECK, so one column is tried alone.
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`create temp table probe (like "${table}") on commit drop`));
        const columns = rowsOf<{ name: string }>(
          await tx.execute(
            sql`select column_name as name from information_schema.columns where table_name = ${table} and is_nullable = 'NO'`,
          ),
        );
        for (const { name } of columns) await tx.execute(sql.raw(`alter table probe alter column "${name}" drop not null`));
        await tx.execute(sql.raw(`alter table probe add constraint probe_check ${check.definition}`));
        const failure = await tx
          .transaction((inner) => inner.execute(sql`insert into probe (${sql.identifier(column)}) values ('no_such_value')`))
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(errorCode(failure), `${table}.${column} took 'no_such_value'`).toBe('23514');
        await tx.execute(sql`insert into probe (${sql.identifier(column)}) values (${values[0]})`);
      });
    },
  );

  it('a Telegram chat mutes only kinds of messages that exist', async () => {
    const check = checks.find((c) => c.name === 'telegram_links_muted_kinds_known');
    expect(check && sameSet(check.values, contract.messageKinds)).toBe(true);
  });

  it('refuses an unknown status on a real purchase, and the purchase list keeps answering', async () => {
    const admin = await signInAs(ctx.app, 'admin');
    const purchase = await createPurchase(ctx.app, admin, { title: 'Проверка' });
    const failure = await ctx.database.db.execute(sql`update purchases set status = 'lost' where id = ${purchase.id}`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(errorCode(failure)).toBe('23514');
    const list = await call(ctx.app, endpoints.purchases.list, { headers: admin });
    expect(list.statusCode, list.body).toBe(200);
  });
});
