import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deliveryMethods, type DeliveryMethodRow, type NewDeliveryMethod } from './delivery.schema.js';

export async function listUserMethods(db: DbOrTx, userId: string): Promise<DeliveryMethodRow[]> {
  return db
    .select()
    .from(deliveryMethods)
    .where(eq(deliveryMethods.userId, userId))
    .orderBy(desc(deliveryMethods.isDefault), asc(deliveryMethods.createdAt));
}

export async function findUserMethod(
  db: DbOrTx,
  userId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<DeliveryMethodRow | undefined> {
  const query = db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.id, id), eq(deliveryMethods.userId, userId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findDefaultMethod(db: DbOrTx, userId: string): Promise<DeliveryMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryMethods)
    .where(and(eq(deliveryMethods.userId, userId), eq(deliveryMethods.isDefault, true)))
    .limit(1);
  return row;
}

export async function countUserMethods(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deliveryMethods).where(eq(deliveryMethods.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertMethod(db: DbOrTx, values: NewDeliveryMethod): Promise<DeliveryMethodRow> {
  const [row] = await db.insert(deliveryMethods).values(values).returning();
  return row!;
}

export async function updateMethod(db: DbOrTx, id: string, values: Partial<NewDeliveryMethod>): Promise<DeliveryMethodRow> {
  const [row] = await db
    .update(deliveryMethods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryMethods.id, id))
    .returning();
  return row!;
}

export async function clearDefault(db: DbOrTx, userId: string, exceptId?: string): Promise<void> {
  await db
    .update(deliveryMethods)
    .set({ isDefault: false })
    .where(
      and(eq(deliveryMethods.userId, userId), eq(deliveryMethods.isDefault, true), exceptId ? ne(deliveryMethods.id, exceptId) : undefined),
    );
}

export async function deleteMethod(db: DbOrTx, id: string): Promise<void> {
  await db.delete(deliveryMethods).where(eq(deliveryMethods.id, id));
}

/** Locks the client's methods, so two tabs changing the default wait for each other. */
export async function lockUserMethods(db: DbOrTx, userId: string): Promise<DeliveryMethodRow[]> {
  return db.select().from(deliveryMethods).where(eq(deliveryMethods.userId, userId)).orderBy(asc(deliveryMethods.createdAt)).for('update');
}
