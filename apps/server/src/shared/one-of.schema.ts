import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', …)` for a CHECK constraint, from the contract's own list of values: a value
 * added to the list changes the constraint on the next `npm run db:generate`, and a value no list
 * names never reaches a table (where it would make every list that reads it answer 500). Literals,
 * not parameters, as drizzle-kit writes a CHECK into the migration as text.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(literalsOf(values))})`;
}

/** The same for a text[] column: every element one of the values. */
export function eachOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} <@ array[${sql.raw(literalsOf(values))}]::text[]`;
}

function literalsOf(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
}
