import fs from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock.js';

/** No relational schema is attached: each area queries its own tables (src/tables.ts gathers them for drizzle-kit). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction, so services decide the boundaries. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections (for /metrics); PGlite has one connection and no pool. */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/**
 * PGlite (embedded, files under DATA_DIR/pgdata) unless DATABASE_URL names a PostgreSQL server;
 * the same schema, migrations and queries run on both. An in-memory PGlite may start from `startFrom`,
 * a dump of one already migrated (PGlite's dumpDataDir): the API tests open a hundred databases, and
 * loading a dump takes a fraction of creating a cluster and migrating it.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; startFrom?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: () => ping(db as unknown as Db),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataPath = options.dataDir === ':memory:' ? undefined : path.join(options.dataDir, 'pgdata');
  if (dataPath) await fs.mkdir(path.dirname(dataPath), { recursive: true });
  // One process per folder (docs/decisions/032): taken before PGlite touches a file, given back after it closes.
  const lock = dataPath ? lockDataDir(options.dataDir) : null;
  let client: InstanceType<typeof PGlite> | undefined;
  try {
    const opened = dataPath ? await PGlite.create(dataPath) : await PGlite.create({ loadDataDir: options.startFrom });
    client = opened;
    const db = drizzle(opened);
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await opened.close();
        lock?.release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Both drivers answer raw queries as `{ rows }`; the shared base type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * `column = any(…)` over many values as one parameter: `inArray` would send a parameter per value
 * (slow to build for thousands), and a JSON set function joined or in `in (select …)` may be rescanned
 * for every row when the planner has no statistics yet (orders inserted in the same transaction). An
 * array constant is looked up in the column's index or hashed.
 */
export function anyOfSql(column: SQL, values: readonly string[], type: 'uuid' | 'text'): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return sql`${column} = any(${literal}::${sql.raw(type)}[])`;
}
