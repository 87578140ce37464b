import type { DbOrTx, Tx } from '../../db/client.js';

/** A delivery invoice as payments need it: who owes what for which parcel. */
export type InvoiceForPayment = {
  id: string;
  number: number;
  parcelNumber: number;
  phone: string;
  clientName: string;
  dueKopecks: number;
  /** Why it cannot be paid now (canceled, already paid), or null. */
  notPayableReason: string | null;
};

/**
 * Delivery invoices are the second kind of thing a payment pays for. The delivery area owns them
 * and lends them to payments through this port (given when the app is assembled), so payments
 * stays below delivery in the dependency order.
 */
export type InvoiceSource = {
  findForPayment(tx: DbOrTx, ids: string[], options?: { forUpdate?: boolean }): Promise<InvoiceForPayment[]>;
  /** What each invoice has paid now, written in the payment's transaction. */
  setPaid(tx: Tx, paid: Map<string, number>): Promise<void>;
};

export const invoiceTitleOf = (invoice: Pick<InvoiceForPayment, 'parcelNumber'>) => `Доставка посылки №${invoice.parcelNumber}`;
