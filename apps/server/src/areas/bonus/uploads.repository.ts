import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bonusEntries, bonusUploads, type BonusUploadRow } from './bonus.schema.js';

/** The upload stored under any of these hashes (the rows' digest, or an older upload's file hash). */
export async function findUploadByHashes(db: DbOrTx, hashes: string[]): Promise<BonusUploadRow | undefined> {
  const [row] = await db.select().from(bonusUploads).where(inArray(bonusUploads.sha256, hashes)).orderBy(bonusUploads.createdAt).limit(1);
  return row;
}

export async function findUpload(db: DbOrTx, id: string): Promise<BonusUploadRow | undefined> {
  const [row] = await db.select().from(bonusUploads).where(eq(bonusUploads.id, id));
  return row;
}

/** Answers undefined when the same rows were written meanwhile (the unique hash): they are applied once. */
export async function insertUpload(tx: Tx, values: typeof bonusUploads.$inferInsert): Promise<BonusUploadRow | undefined> {
  const [row] = await tx.insert(bonusUploads).values(values).onConflictDoNothing({ target: bonusUploads.sha256 }).returning();
  return row;
}

export async function listUploads(db: DbOrTx, limit: number, offset: number) {
  const [rows, [totals]] = await Promise.all([
    db.select().from(bonusUploads).orderBy(desc(bonusUploads.createdAt)).limit(limit).offset(offset),
    db.select({ n: count() }).from(bonusUploads),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

export async function findUploadEntries(db: DbOrTx, uploadId: string) {
  return db.select().from(bonusEntries).where(eq(bonusEntries.uploadId, uploadId)).orderBy(bonusEntries.createdAt, bonusEntries.id);
}
