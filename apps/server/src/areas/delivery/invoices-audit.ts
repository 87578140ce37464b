import { formatMoney, formatPhone, invoiceStatusTitles, type InvoiceStatus, type MoneyDifference } from '@vmeste/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import type { PaymentsArea } from '../payments/index.js';

const numberOf = (value: unknown) => Number(value ?? 0);

/**
 * The delivery area's part of the money audit (docs/decisions/029): what each invoice says it has
 * paid against its payments less their refunds, and a live invoice's status against that sum (paid
 * once it covers the price).
 */
export function createInvoicesAudit({ payments }: { payments: PaymentsArea }) {
  return {
    async auditChecks(db: DbOrTx): Promise<MoneyDifference[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select d.number, d.phone, d.status, d.price_kopecks, d.paid_kopecks, coalesce(s.paid, 0) as expected
          from delivery_invoices d left join (${payments.auditSources.paidByInvoice()}) s on s.invoice_id = d.id
          where d.paid_kopecks <> coalesce(s.paid, 0)
            or (d.status <> 'canceled' and (d.status = 'paid') <> (d.paid_kopecks >= d.price_kopecks))
          order by d.number`),
      );
      return rows.flatMap((r) => {
        const object = `Счёт доставки №${numberOf(r.number)}`;
        const [paid, expected, price] = [numberOf(r.paid_kopecks), numberOf(r.expected), numberOf(r.price_kopecks)];
        const client = `Клиент ${formatPhone(String(r.phone))}`;
        const found: MoneyDifference[] = [];
        if (paid !== expected) {
          found.push({
            kind: 'invoice_paid',
            object,
            expectedKopecks: expected,
            actualKopecks: paid,
            description: `${client}: по счёту оплачено ${formatMoney(paid)}, а его платежи за вычетом возвратов дают ${formatMoney(expected)}`,
          });
        }
        const status = String(r.status) as InvoiceStatus;
        if (status !== 'canceled' && (status === 'paid') !== paid >= price) {
          found.push({
            kind: 'invoice_paid',
            object,
            expectedKopecks: price,
            actualKopecks: paid,
            description: `${client}: счёт «${invoiceStatusTitles[status]}», а оплачено ${formatMoney(paid)} из ${formatMoney(price)}`,
          });
        }
        return found;
      });
    },
  };
}
