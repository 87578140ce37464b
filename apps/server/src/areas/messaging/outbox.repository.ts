import type { MessageKind } from '@vmeste/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboxMessages } from './messaging.schema.js';

export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

export async function insertOutboxMessage(db: DbOrTx, values: NewOutboxMessage) {
  await db.insert(outboxMessages).values(values);
}

export async function findLastOutboxMessage(db: DbOrTx, phone: string, kind?: MessageKind) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(kind ? and(eq(outboxMessages.phone, phone), eq(outboxMessages.kind, kind)) : eq(outboxMessages.phone, phone))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}
