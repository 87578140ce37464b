import { formatMoney, type PaymentDifference } from '@vmeste/contract';
import type { DbOrTx } from '../../db/client.js';
import { listProviderDifferences } from './payments.repository.js';

/** A refund pending this long is shown: the provider answers in seconds, the job asks every minute. */
export const REFUND_PENDING_SHOWN_MINUTES = 10;
/** A refund the job found refused is shown this long: the admin was not there to hear it. */
const FAILED_SHOWN_DAYS = 14;
/** An online payment still pending this long past its window: the expiry job could not ask the provider. */
const PAYMENT_PENDING_SHOWN_MINUTES = 10;

/**
 * Where the shop and the payment provider disagree (docs/decisions/024), for «Оплаты» and the money
 * audit: refunds the provider has not confirmed for too long, refunds the reconcile job found refused
 * (the admin had left thinking the money went back), refunds the provider lists that the shop has no
 * record of, and online payments still waiting past their window. Newest first.
 */
export async function providerDifferences(db: DbOrTx, options: { paymentWindowMinutes?: number } = {}): Promise<PaymentDifference[]> {
  const now = Date.now();
  const minutes = (n: number) => new Date(now - n * 60_000);
  const rows = await listProviderDifferences(db, {
    pendingBefore: minutes(REFUND_PENDING_SHOWN_MINUTES),
    failedSince: minutes(FAILED_SHOWN_DAYS * 24 * 60),
    paymentPendingBefore: minutes((options.paymentWindowMinutes ?? 60) + PAYMENT_PENDING_SHOWN_MINUTES),
  });
  return rows.map((row) => {
    const money = formatMoney(row.amountKopecks);
    const descriptions: Record<PaymentDifference['type'], string> = {
      refund_pending: `Возврат ${money} записан, но платёжный сервис его ещё не подтвердил. Магазин спрашивает каждую минуту и запишет ответ сам — не оформляйте возврат заново`,
      refund_failed: `Платёжный сервис отказал в возврате ${money}${row.failure ? ` (${row.failure})` : ''}: деньги клиенту не вернулись. Оформите возврат снова или верните переводом`,
      refund_unknown: `У платёжного сервиса есть возврат ${money}, которого нет в магазине. Проверьте его в личном кабинете платёжного сервиса`,
      payment_pending: `Онлайн-оплата ${money} ждёт ответа платёжного сервиса дольше срока: магазин не смог узнать, прошла ли она, и спросит снова`,
    };
    return {
      type: row.type,
      paymentId: row.paymentId,
      paymentNumber: row.paymentNumber,
      amountKopecks: row.amountKopecks,
      at: row.at.toISOString(),
      providerRefundId: row.providerRefundId,
      description: descriptions[row.type],
    };
  });
}
