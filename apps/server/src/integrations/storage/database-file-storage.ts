import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { checkStorageKey, type FileStorage, ORPHAN_GRACE_SECONDS, piecesOf } from './file-storage.js';
import { storedFileChunks, storedFiles } from './stored-files.schema.js';

/** Big enough that a 20 MB receipt is 80 rows, small enough that no statement carries much. */
export const CHUNK_BYTES = 256 * 1024;

/** Versions the sweep looks at in one statement. */
const SWEEP_BATCH = 200;

/**
 * Uploads in PostgreSQL, in chunks of rows (docs/decisions/035): every instance on the database sees
 * them, a backup of the database holds them, and neither a writer nor a reader holds a whole file.
 */
/**
 * A version without chunks is normal only while it is being replaced; the same version found twice
 * without them is a damaged file (every stored version has at least one chunk), not a retry forever.
 */
function requireReplaced(key: string, version: string, seen: string | undefined): void {
  if (version === seen) throw new Error(`stored file ${key}: its version ${version} has no data`);
}

export function createDatabaseFileStorage(db: Db): FileStorage {
  async function currentOf(key: string) {
    const [row] = await db
      .select({ version: storedFiles.version, sizeBytes: storedFiles.sizeBytes })
      .from(storedFiles)
      .where(eq(storedFiles.key, checkStorageKey(key)));
    return row ?? null;
  }

  async function chunkOf(version: string, seq: number): Promise<Buffer | null> {
    const [row] = await db
      .select({ data: storedFileChunks.data })
      .from(storedFileChunks)
      .where(and(eq(storedFileChunks.version, version), eq(storedFileChunks.seq, seq)));
    return row?.data ?? null;
  }

  /** Writers of one key take turns for the moment of the switch (the chunks are written before it, each its own). */
  const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`stored_files:${key}`}, 0))`;
  /**
   * A writer pointing a key at its version and the sweep removing that version take turns: the
   * sweep then sees the key, or the writer sees its chunks gone and fails rather than naming them.
   */
  const lockVersion = (version: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`stored_file_chunks:${version}`}, 0))`;

  return {
    kind: 'database',

    async put(key, data) {
      checkStorageKey(key);
      const version = randomUUID();
      let seq = 0;
      let sizeBytes = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const writeChunk = async (chunk: Buffer) => {
        await db.insert(storedFileChunks).values({ version, seq, data: chunk });
        seq += 1;
      };
      try {
        for await (const piece of piecesOf(data)) {
          const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
          sizeBytes += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          while (pendingBytes >= CHUNK_BYTES) {
            const joined = Buffer.concat(pending);
            await writeChunk(joined.subarray(0, CHUNK_BYTES));
            const rest = joined.subarray(CHUNK_BYTES);
            pending = rest.length ? [rest] : [];
            pendingBytes = rest.length;
          }
        }
        if (pendingBytes > 0 || seq === 0) await writeChunk(Buffer.concat(pending));
        const written = seq;
        await db.transaction(async (tx) => {
          await tx.execute(lockKey(key));
          await tx.execute(lockVersion(version));
          const [kept] = rowsOf<{ n: number }>(
            await tx.execute(sql`select count(*)::int as n from ${storedFileChunks} where ${storedFileChunks.version} = ${version}`),
          );
          if (Number(kept?.n) !== written) {
            throw new Error(`stored file ${key}: its chunks were swept as a dead writer's before it was stored`);
          }
          const [previous] = await tx.select({ version: storedFiles.version }).from(storedFiles).where(eq(storedFiles.key, key));
          if (previous) {
            await tx.update(storedFiles).set({ version, sizeBytes, storedAt: new Date() }).where(eq(storedFiles.key, key));
            await tx.delete(storedFileChunks).where(eq(storedFileChunks.version, previous.version));
          } else {
            await tx.insert(storedFiles).values({ key, version, sizeBytes });
          }
        });
      } catch (error) {
        await db
          .delete(storedFileChunks)
          .where(eq(storedFileChunks.version, version))
          .catch(() => undefined);
        throw error;
      }
    },

    async get(key) {
      // The chunks are read in one statement, so they are all of one version; a version replaced
      // between the two reads has no chunks left, and the key is looked up again.
      let seen: string | undefined;
      for (;;) {
        const current = await currentOf(key);
        if (!current) return null;
        const rows = await db
          .select({ data: storedFileChunks.data })
          .from(storedFileChunks)
          .where(eq(storedFileChunks.version, current.version))
          .orderBy(asc(storedFileChunks.seq));
        if (rows.length > 0) return Buffer.concat(rows.map((r) => r.data));
        requireReplaced(key, current.version, seen);
        seen = current.version;
      }
    },

    async open(key) {
      let current = await currentOf(key);
      let first = current && (await chunkOf(current.version, 0));
      // Replaced between the two reads: the new version's first chunk is there.
      while (current && !first) {
        const seen = current.version;
        current = await currentOf(key);
        if (current) requireReplaced(key, current.version, seen);
        first = current && (await chunkOf(current.version, 0));
      }
      if (!current || !first) return null;
      const { version, sizeBytes } = current;
      let seq = 0;
      let sent = 0;
      const stream = new Readable({
        // One chunk in memory at a time: the next is fetched when the answer has taken this one.
        highWaterMark: 1,
        objectMode: false,
        read() {
          const next = seq === 0 ? Promise.resolve(first) : sent >= sizeBytes ? Promise.resolve(null) : chunkOf(version, seq);
          next.then(
            (chunk) => {
              if (seq > 0 && sent < sizeBytes && !chunk) {
                // Deleted or replaced while being read: the answer is cut rather than mixed from two files.
                this.destroy(new Error(`stored file ${key} was replaced while being read`));
                return;
              }
              seq += 1;
              if (!chunk) {
                this.push(null);
                return;
              }
              sent += chunk.length;
              this.push(chunk);
              if (sent >= sizeBytes) this.push(null);
            },
            (error: unknown) => this.destroy(error as Error),
          );
        },
      });
      return { sizeBytes, stream };
    },

    async sizeOf(key) {
      return (await currentOf(key))?.sizeBytes ?? null;
    },

    async delete(key) {
      checkStorageKey(key);
      await db.transaction(async (tx) => {
        await tx.execute(lockKey(key));
        const [removed] = await tx.delete(storedFiles).where(eq(storedFiles.key, key)).returning({ version: storedFiles.version });
        if (removed) await tx.delete(storedFileChunks).where(eq(storedFileChunks.version, removed.version));
      });
    },

    async *keys() {
      // Pages by key, so a long listing holds no transaction and no cursor.
      let after = '';
      for (;;) {
        const page = await db
          .select({ key: storedFiles.key })
          .from(storedFiles)
          .where(sql`${storedFiles.key} > ${after}`)
          .orderBy(asc(storedFiles.key))
          .limit(500);
        for (const row of page) yield row.key;
        if (page.length < 500) return;
        after = page[page.length - 1]!.key;
      }
    },

    /**
     * Removes the chunks of writers that died before pointing a key at them; answers how many. A
     * version counts as left behind when no key names it and its newest chunk is older than the
     * grace, so a writer still streaming (each chunk fresh) is never swept. Each version is removed
     * under its lock, checked again there: a writer switching at that moment wins or finds out.
     */
    async sweepOrphans(olderThanSeconds = ORPHAN_GRACE_SECONDS) {
      const before = sql`now() - make_interval(secs => ${olderThanSeconds})`;
      const unnamed = (version: unknown) => sql`not exists (select 1 from ${storedFiles} where ${storedFiles.version} = ${version})`;
      let removed = 0;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const candidates = rowsOf<{ version: string }>(
          await db.execute(sql`
            select distinct c.version::text as version from ${storedFileChunks} c
            where c.written_at < ${before} and c.version > ${after}::uuid and ${unnamed(sql`c.version`)}
            order by 1 limit ${SWEEP_BATCH}`),
        );
        for (const { version } of candidates) {
          removed += await db.transaction(async (tx) => {
            await tx.execute(lockVersion(version));
            const gone = await tx
              .delete(storedFileChunks)
              .where(
                and(
                  eq(storedFileChunks.version, version),
                  unnamed(sql`${version}::uuid`),
                  sql`(select max(written_at) from ${storedFileChunks} where version = ${version}::uuid) < ${before}`,
                ),
              )
              .returning({ seq: storedFileChunks.seq });
            return gone.length;
          });
        }
        if (candidates.length < SWEEP_BATCH) return removed;
        after = candidates[candidates.length - 1]!.version;
      }
    },
  };
}
