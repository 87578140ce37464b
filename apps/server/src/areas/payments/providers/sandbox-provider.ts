import { randomUUID } from 'node:crypto';
import type { SandboxPayment } from '@vmeste/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../shared/app-error.js';
import { sandboxPayments, sandboxRefunds } from '../payments.schema.js';
import { type PaymentProvider, ProviderError, type ProviderPayment, type ProviderRefund } from './payment-provider.js';

const REFUND_KEY = 'refund_key';

function toProviderRefund(row: typeof sandboxRefunds.$inferSelect): ProviderRefund {
  return {
    id: row.id,
    status: 'succeeded',
    providerPaymentId: row.paymentId,
    amountKopecks: row.amountKopecks,
    refundKey: row.metadata[REFUND_KEY] ?? null,
    createdAt: row.createdAt,
    cancellationReason: null,
  };
}

/**
 * The built-in test provider, the default without YooKassa credentials: it keeps its payments in
 * its own table as a real provider would on its side, and its page «Тестовая оплата» (the web route
 * /sandbox-payment/:id) lets the tester pay or decline. The decision then reaches the shop through
 * the same path as a YooKassa notification: read the payment back, apply it.
 */
export function createSandboxProvider({ db }: { db: Db }) {
  async function find(id: string) {
    const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
    return row;
  }

  const provider: PaymentProvider = {
    name: 'sandbox',

    async createPayment(input) {
      const id = `sb_${randomUUID()}`;
      // The idempotence key replays the first payment, as YooKassa does.
      const inserted = await db
        .insert(sandboxPayments)
        .values({
          id,
          amountKopecks: input.amountKopecks,
          description: input.description,
          method: input.method,
          returnUrl: input.returnPath,
          metadata: { paymentId: input.metadata.paymentId },
          idempotenceKey: input.idempotenceKey,
        })
        .onConflictDoNothing({ target: sandboxPayments.idempotenceKey })
        .returning({ id: sandboxPayments.id, status: sandboxPayments.status });
      const [row] = inserted.length
        ? inserted
        : await db
            .select({ id: sandboxPayments.id, status: sandboxPayments.status })
            .from(sandboxPayments)
            .where(eq(sandboxPayments.idempotenceKey, input.idempotenceKey));
      return { id: row!.id, status: row!.status, confirmationUrl: `/sandbox-payment/${row!.id}` };
    },

    async getPayment(id): Promise<ProviderPayment | null> {
      const row = await find(id);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        amountKopecks: row.amountKopecks,
        paymentId: row.metadata.paymentId ?? null,
        cancellationReason: row.status === 'canceled' ? 'canceled_by_payer' : null,
      };
    },

    async refund(input) {
      // Partial refunds add up to the payment's amount. The idempotence key replays the first refund,
      // as YooKassa does; the payment's row is locked, so two calls with one key at once refund once.
      return db.transaction(async (tx) => {
        const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, input.providerPaymentId)).for('update');
        const [replayed] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotenceKey, input.idempotenceKey));
        if (replayed) return toProviderRefund(replayed);
        if (payment?.status !== 'succeeded' || payment.refundedKopecks + input.amountKopecks > payment.amountKopecks) {
          throw new ProviderError('Тестовый платёжный сервис: вернуть можно только оплаченное и не больше суммы платежа', false, 400);
        }
        await tx
          .update(sandboxPayments)
          .set({ refundedKopecks: sql`${sandboxPayments.refundedKopecks} + ${input.amountKopecks}` })
          .where(eq(sandboxPayments.id, payment.id));
        const [row] = await tx
          .insert(sandboxRefunds)
          .values({
            id: `sbr_${randomUUID()}`,
            paymentId: payment.id,
            amountKopecks: input.amountKopecks,
            description: input.description,
            metadata: { [REFUND_KEY]: input.idempotenceKey },
            idempotenceKey: input.idempotenceKey,
          })
          .returning();
        return toProviderRefund(row!);
      });
    },

    async getRefund(id) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      return row ? toProviderRefund(row) : null;
    },

    async listRefunds(providerPaymentId) {
      const rows = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentId, providerPaymentId))
        .orderBy(desc(sandboxRefunds.createdAt));
      return rows.map(toProviderRefund);
    },
  };

  return {
    provider,

    async view(id: string): Promise<SandboxPayment> {
      const row = await find(id);
      if (!row) throw new AppError('NOT_FOUND', 'Тестовый платёж не найден');
      return {
        id: row.id,
        amountKopecks: row.amountKopecks,
        description: row.description,
        method: row.method,
        status: row.status,
        returnUrl: row.returnUrl,
      };
    },

    /** The tester's choice on the page; answers where to send the browser. */
    async decide(id: string, decision: 'pay' | 'decline'): Promise<string> {
      const [row] = await db
        .update(sandboxPayments)
        .set({ status: decision === 'pay' ? 'succeeded' : 'canceled' })
        .where(sql`${sandboxPayments.id} = ${id} and ${sandboxPayments.status} = 'pending'`)
        .returning();
      if (!row) {
        const existing = await find(id);
        if (!existing) throw new AppError('NOT_FOUND', 'Тестовый платёж не найден');
        throw new AppError('CONFLICT', 'Этот тестовый платёж уже завершён');
      }
      return row.returnUrl;
    },
  };
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
