import { type CreateInvoicesBody, type DeliveryInvoice, deliveryKindTitles, parcelStatusTitles, tariffFor } from '@vmeste/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import type { InvoiceForPayment, InvoiceSource, PaymentsArea } from '../payments/index.js';
import type { WarehouseArea } from '../warehouse/index.js';
import type { DeliveryMessages } from './delivery-messages.js';
import { destinationPlaceOf } from './destinations.js';
import { findDestinations } from './destinations.repository.js';
import { findInvoices, insertInvoice, listUnpaidOfPhone, updateInvoice } from './invoices.repository.js';
import { fallbackDestination, needsInvoice, toInvoiceView } from './parcel-views.js';
import type { PriceListService } from './price-list.service.js';

const INVOICE_NOT_FOUND = 'Счёт не найден';

/**
 * Delivery invoices: priced from the price list (or by hand, with a reason), paid through the
 * payments area as its second kind of item, moving the parcel invoiced → paid (and back when the
 * money is refunded before shipping).
 */
export function createInvoicesService({
  db,
  warehouse,
  payments,
  priceList,
  messages,
  pickupAddress,
}: {
  db: Db;
  warehouse: WarehouseArea;
  payments: PaymentsArea;
  priceList: PriceListService;
  messages: DeliveryMessages;
  pickupAddress: string;
}) {
  const parcels = warehouse.logistics;

  async function views(dbOrTx: DbOrTx, ids: string[]): Promise<DeliveryInvoice[]> {
    const rows = await findInvoices(dbOrTx, ids);
    const found = new Map(
      (
        await parcels.find(
          dbOrTx,
          rows.map((r) => r.parcelId),
        )
      ).map((p) => [p.id, p]),
    );
    const inPayment = await payments.invoicesInPayment(dbOrTx, ids);
    return rows.map((r) => toInvoiceView(r, found.get(r.parcelId)!, inPayment.has(r.id))).sort((a, b) => a.number - b.number);
  }

  /** The payments area's port (see payments/invoice-source.ts). */
  const source: InvoiceSource = {
    async findForPayment(tx, ids, options = {}): Promise<InvoiceForPayment[]> {
      const rows = await findInvoices(tx, ids, options);
      const numbers = new Map(
        (
          await parcels.find(
            tx,
            rows.map((r) => r.parcelId),
          )
        ).map((p) => [p.id, p.number]),
      );
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        parcelNumber: numbers.get(r.parcelId) ?? 0,
        phone: r.phone,
        clientName: r.clientName,
        dueKopecks: Math.max(0, r.priceKopecks - r.paidKopecks),
        notPayableReason:
          r.status === 'canceled' ? 'счёт отменён' : r.status === 'paid' || r.paidKopecks >= r.priceKopecks ? 'уже оплачен' : null,
      }));
    },

    async setPaid(tx: Tx, paid: Map<string, number>): Promise<void> {
      for (const invoice of await findInvoices(tx, [...paid.keys()], { forUpdate: true })) {
        const paidKopecks = paid.get(invoice.id) ?? 0;
        const isPaid = paidKopecks >= invoice.priceKopecks;
        if (invoice.status === 'canceled') {
          await updateInvoice(tx, invoice.id, { paidKopecks });
          continue;
        }
        await updateInvoice(tx, invoice.id, {
          paidKopecks,
          status: isPaid ? 'paid' : 'unpaid',
          paidAt: isPaid ? (invoice.paidAt ?? new Date()) : null,
        });
        const [parcel] = await parcels.find(tx, [invoice.parcelId], { forUpdate: true });
        if (!parcel) continue;
        if (isPaid && parcel.status === 'invoiced') await parcels.moveTo(tx, parcel, 'paid', null, `Счёт №${invoice.number} оплачен`);
        if (!isPaid && parcel.status === 'paid')
          await parcels.moveTo(tx, parcel, 'invoiced', null, `Оплата счёта №${invoice.number} возвращена`);
      }
    },
  };

  return {
    source,
    views,

    async create(body: CreateInvoicesBody & { priceKopecks: number | null; comment: string }, actor: Actor): Promise<DeliveryInvoice[]> {
      const created = await db.transaction(async (tx) => {
        const found = await parcels.find(tx, body.parcelIds, { forUpdate: true });
        if (found.length !== body.parcelIds.length) throw new AppError('NOT_FOUND', 'Посылка не найдена: обновите страницу');
        const current = await priceList.currentTariffs(tx);
        const destinations = await findDestinations(tx, body.parcelIds);
        const rows = [];
        for (const parcel of found.sort((a, b) => a.number - b.number)) {
          if (parcel.status !== 'packed') {
            throw new AppError(
              'CONFLICT',
              `Посылка №${parcel.number} «${parcelStatusTitles[parcel.status]}»: счёт выставляют упакованной посылке`,
            );
          }
          // One read of the price list for the whole batch: every parcel is priced by the same version.
          const quote = current ? (tariffFor(current.tariffs, parcel.deliveryKind, parcel.weightGrams)?.priceKopecks ?? null) : null;
          if (body.priceKopecks === null && !needsInvoice(parcel.deliveryKind, parcel.weightGrams, current?.tariffs ?? null)) {
            throw new AppError('CONFLICT', `Посылка №${parcel.number} — самовывоз, бесплатный по прайс-листу: счёт не нужен`);
          }
          const price = body.priceKopecks ?? quote;
          if (price === null) {
            throw new AppError(
              'CONFLICT',
              `Нет тарифа для посылки №${parcel.number} («${deliveryKindTitles[parcel.deliveryKind]}», ${parcel.weightGrams} г): укажите цену вручную или дополните прайс-лист`,
            );
          }
          if (price === 0) throw new AppError('CONFLICT', `Доставка посылки №${parcel.number} стоит 0 ₽: счёт не нужен`);
          const destination = destinations.get(parcel.id) ?? fallbackDestination(parcel);
          const invoice = await insertInvoice(tx, {
            parcelId: parcel.id,
            phone: parcel.phone,
            clientName: parcel.clientName,
            kind: parcel.deliveryKind,
            destination: destinationPlaceOf(destination, pickupAddress),
            weightGrams: parcel.weightGrams,
            priceKopecks: price,
            listPriceKopecks: quote,
            priceListVersionId: current?.versionId ?? null,
            comment: body.comment,
            createdById: actor?.id ?? null,
            createdByName: actor?.name ?? null,
          });
          await parcels.moveTo(tx, parcel, 'invoiced', actor, `Счёт №${invoice.number}`);
          await messages.invoiceIssued(tx, parcel.phone, invoice, parcel.number);
          rows.push({ invoice, parcel });
        }
        return rows;
      });
      return views(
        db,
        created.map((c) => c.invoice.id),
      );
    },

    /** A canceled invoice frees its parcel for another price or another way; a paid one is refunded on «Оплаты» instead. */
    async cancel(id: string, actor: Actor): Promise<DeliveryInvoice> {
      await db.transaction(async (tx) => {
        const [invoice] = await findInvoices(tx, [id], { forUpdate: true });
        if (!invoice) throw new AppError('NOT_FOUND', INVOICE_NOT_FOUND);
        await cancelUnpaid(tx, invoice, actor);
      });
      return (await views(db, [id]))[0]!;
    },

    cancelUnpaid,

    async listMine(phone: string): Promise<DeliveryInvoice[]> {
      return views(
        db,
        (await listUnpaidOfPhone(db, phone)).map((r) => r.id),
      );
    },
  };

  async function cancelUnpaid(tx: Tx, invoice: Awaited<ReturnType<typeof findInvoices>>[number], actor: Actor): Promise<void> {
    if (invoice.status === 'canceled') return;
    if (invoice.status === 'paid' || invoice.paidKopecks > 0) {
      throw new AppError('CONFLICT', `Счёт №${invoice.number} оплачен: отменить его нельзя, деньги возвращают на странице «Оплаты»`);
    }
    if ((await payments.invoicesInPayment(tx, [invoice.id])).size > 0) {
      throw new AppError('CONFLICT', `Счёт №${invoice.number} сейчас оплачивается: дождитесь окончания оплаты`);
    }
    await updateInvoice(tx, invoice.id, { status: 'canceled', canceledAt: new Date() });
    const [parcel] = await parcels.find(tx, [invoice.parcelId], { forUpdate: true });
    if (parcel?.status === 'invoiced') await parcels.moveTo(tx, parcel, 'packed', actor, `Счёт №${invoice.number} отменён`);
  }
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
