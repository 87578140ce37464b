import type { MessageKind } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** Messages per statement: a few hundred kilobytes of JSON. */
const BATCH = 2_000;

/**
 * Many queued notices in a few statements, their rows as one JSON parameter (json_to_recordset, as the
 * orders import writes its lines): ten thousand messages of an import cost the server milliseconds to
 * build instead of Drizzle's seconds for seventy thousand bound parameters. Each row takes the
 * statement's clock as it is written, so the messages keep the order given.
 */
export async function insertQueuedMessages(db: DbOrTx, messages: { phone: string; kind: MessageKind; text: string }[]): Promise<void> {
  for (let i = 0; i < messages.length; i += BATCH) {
    const json = JSON.stringify(messages.slice(i, i + BATCH));
    await db.execute(sql`
      insert into outbox_messages (phone, kind, text, status, created_at, next_attempt_at)
      select t.phone, t.kind, t.text, 'queued', clock_timestamp(), now()
      from json_to_recordset(${json}::json) as t(phone text, kind text, text text)`);
  }
}
