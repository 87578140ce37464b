import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Raw bytes: `pg` answers a Buffer, PGlite a Uint8Array; both are handed on as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploads kept in PostgreSQL (docs/decisions/035): one row per key, naming the version whose chunks
 * are its content now. A writer writes a new version's chunks first and then points the key at them
 * in one short transaction, so a reader sees the old file or the new one, whole.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  version: uuid('version').notNull().unique(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The content in pieces of at most 256 KiB, so neither side ever holds a whole large file: a writer
 * sends a piece at a time, a reader fetches one. No foreign key: a version's chunks exist before the
 * key points at them; chunks no key points at (a writer that died) are swept after a day.
 */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    version: uuid('version').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.version, t.seq] }), index('stored_file_chunks_written_at').on(t.writtenAt)],
);
