import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';

class Stopped extends Error {}

/**
 * The rows of one query a batch at a time through a server-side cursor, in a read-only transaction
 * held while the consumer reads: the query runs once and only a batch or two is in memory, however
 * slowly the rows are written out. Stopping the iteration early (a download cut off) rolls the
 * transaction back. PostgreSQL only: on the embedded database a transaction held for the length of a
 * download would hold every other request.
 */
export function cursorBatches<T>(db: Db, query: SQL, batchSize: number): AsyncIterable<T[]> {
  let wake: (() => void) | undefined;
  const stream = new Readable({ objectMode: true, highWaterMark: 1, read: () => wake?.() });
  stream.on('close', () => wake?.());
  const nextRead = () => new Promise<void>((resolve) => (wake = resolve));
  void db
    .transaction(
      async (tx) => {
        await tx.execute(sql`declare batches no scroll cursor for ${query}`);
        for (;;) {
          const rows = rowsOf<T>(await tx.execute(sql.raw(`fetch ${Math.trunc(batchSize)} from batches`)));
          if (stream.destroyed) throw new Stopped();
          if (rows.length === 0) return;
          if (!stream.push(rows)) await nextRead();
          if (stream.destroyed) throw new Stopped();
        }
      },
      { accessMode: 'read only' },
    )
    .then(
      () => stream.push(null),
      (error: unknown) => {
        if (!(error instanceof Stopped)) stream.destroy(error as Error);
      },
    );
  return stream;
}
