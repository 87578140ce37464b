import {
  type createOrderBodySchema,
  type ImportResult,
  type ImportRow,
  type Order,
  type orderListQuerySchema,
  orderEditableStatuses,
  orderTotalsOf,
  phoneSearchDigits,
  plural,
  purchaseStatusTitles,
  type updateOrderBodySchema,
} from '@vmeste/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/app-error.js';
import { inSlices } from '../../shared/event-loop.js';
import { createInTransactionEvent } from '../../shared/in-transaction-event.js';
import type { AccountsArea, ClientAccount } from '../accounts/index.js';
import type { PurchaseRow, PurchasesArea } from '../purchases/index.js';
import { readImportRows } from './import-file.js';
import { orderLimitErrorOf, requireWithinLimits } from './order-limits.js';
import { linkOrdersOfPhones } from './order-owners.js';
import { type LinesPlan, mergeHandLines, planImportLines } from './order-lines-plan.js';
import {
  findLinesOfPhones,
  insertImportedOrders,
  lockOrdersOfPhones,
  type NewImportedOrder,
  recomputeImportedOrders,
  upsertImportedLines,
} from './orders-import.repository.js';
import { inContext } from './order-context.js';
import type { OrderNotices } from './order-notices.js';
import type { OrderRow } from './orders.schema.js';
import type { OrderPaymentFactsSource } from './order-payment-facts.js';
import { toOrderView, toPublicOrderView } from './order-view.js';
import {
  findOrderById,
  findOrderByPurchaseAndPhone,
  type LineValues,
  listOrders,
  listUserOrders,
  lineIdentityOf,
  recomputeTotals,
  syncLines,
  updateOrder,
  upsertOrders,
} from './orders.repository.js';

const NOT_FOUND = 'Заказ не найден';
const REPORTED_ERRORS = 20;
/** Phones or orders per query during an import: Drizzle then builds each in milliseconds, not a blocking second. */
const LOOKUP_BATCH = 250;

/** Every reason, row by row (the first twenty of a long list), for the message of a refused import. */
export function describeImportErrors(rows: ImportRow[], errorsCount: number): string {
  const wrong = rows.filter((r) => r.errors.length > 0);
  const listed = wrong.slice(0, REPORTED_ERRORS).map((r) => `строка ${r.rowNumber}: ${r.errors.join(', ')}`);
  const more = wrong.length > REPORTED_ERRORS ? `; и ещё ${wrong.length - REPORTED_ERRORS}` : '';
  return `Ничего не записано: ${errorsCount} ${plural(errorsCount, 'строка', 'строки', 'строк')} с ошибками — ${listed.join('; ')}${more}`;
}

function requireEditable(purchase: PurchaseRow) {
  if (!orderEditableStatuses.includes(purchase.status)) {
    throw new AppError('CONFLICT', `Закупка в статусе «${purchaseStatusTitles[purchase.status]}»: заказы в ней больше не меняются`);
  }
}

export type OrdersChange = { orderIds: string[] };

export function createOrdersService({
  db,
  accounts,
  purchases,
  notices,
}: {
  db: Db;
  accounts: AccountsArea;
  purchases: PurchasesArea;
  notices: OrderNotices;
}) {
  const events = {
    /** Before orders' lines or totals change; a subscriber that throws refuses the change (an open payment holds them). */
    ordersChanging: createInTransactionEvent<OrdersChange>(),
    /** Before a purchase's orders are canceled (the orders not yet locked by the cancel). */
    ordersCanceling: createInTransactionEvent<OrdersChange>(),
    ordersCanceled: createInTransactionEvent<OrdersChange>(),
  };

  let paymentFacts: OrderPaymentFactsSource = async () => new Map();

  async function views(rows: OrderRow[]): Promise<Order[]> {
    const [found, facts] = await Promise.all([
      inContext(db, purchases, rows),
      paymentFacts(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    return found.map((o) => toOrderView(o.row, o.lines, o.purchase, facts.get(o.row.id)));
  }

  async function viewOne(id: string): Promise<Order> {
    const row = await findOrderById(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return (await views([row]))[0]!;
  }

  return {
    events,
    /** The payments area tells the views what an order's payments say (order-payment-facts.ts). */
    providePaymentFacts(source: OrderPaymentFactsSource) {
      paymentFacts = source;
    },

    async list(query: z.output<typeof orderListQuerySchema>) {
      const phoneDigits = query.phone === undefined ? undefined : phoneSearchDigits(query.phone);
      // A phone search without a single digit matches no phone, rather than every order.
      if (query.phone && !phoneDigits) return { items: [], total: 0 };
      const { rows, total } = await listOrders(db, {
        purchaseId: query.purchaseId,
        phoneDigits: phoneDigits || undefined,
        paymentState: query.paymentState,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: await views(rows), total };
    },

    get: viewOne,

    async getPublic(id: string) {
      const row = await findOrderById(db, id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const [[order], facts] = await Promise.all([inContext(db, purchases, [row]), paymentFacts(db, [row.id])]);
      return toPublicOrderView(order!.row, order!.lines, order!.purchase, facts.get(row.id));
    },

    async listMine(userId: string, state: 'unpaid' | 'paid' | undefined) {
      return views(await listUserOrders(db, userId, state));
    },

    async create(input: z.output<typeof createOrderBodySchema>): Promise<Order> {
      const id = await db.transaction(async (tx) => {
        const purchase = await purchases.findPurchase(tx, input.purchaseId, { forUpdate: true });
        if (!purchase) throw new AppError('NOT_FOUND', 'Закупка не найдена', { field: 'purchaseId' });
        requireEditable(purchase);
        const existing = await findOrderByPurchaseAndPhone(tx, purchase.id, input.phone);
        if (existing)
          throw new AppError('CONFLICT', `У этого клиента уже есть заказ № ${existing.number} в закупке: измените его`, { field: 'phone' });
        const account = (await accounts.findClientsByPhones(tx, [input.phone])).get(input.phone);
        const ids = await upsertOrders(tx, purchase.id, [
          { phone: input.phone, clientName: input.clientName, userId: account?.isConfirmed ? account.id : null },
        ]);
        const orderId = ids.get(input.phone)!;
        await syncLines(tx, orderId, mergeHandLines(input.lines));
        await requireWithinLimits(tx, { orderIds: [orderId] }, purchase.organizerFeeBasisPoints);
        await recomputeTotals(tx, [orderId], purchase.organizerFeeBasisPoints);
        await linkOrdersOfPhones(tx, accounts, [input.phone]);
        await notices.ordersPlaced(tx, purchase, [orderId]);
        return orderId;
      });
      return viewOne(id);
    },

    /** Hand edits; a total that grows after payment makes the difference due again. */
    async update(id: string, input: z.output<typeof updateOrderBodySchema>): Promise<Order> {
      await db.transaction(async (tx) => {
        const order = await findOrderById(tx, id, { forUpdate: true });
        if (!order) throw new AppError('NOT_FOUND', NOT_FOUND);
        const purchase = (await purchases.findPurchase(tx, order.purchaseId))!;
        requireEditable(purchase);
        if (order.canceledAt) throw new AppError('CONFLICT', 'Заказ отменён: его нельзя изменить');
        await events.ordersChanging.emit(tx, { orderIds: [id] });
        if (input.clientName !== undefined) await updateOrder(tx, id, { clientName: input.clientName });
        if (input.lines) {
          // Unchanged lines keep their ids (and whatever refers to them); only what changed is written.
          await syncLines(tx, id, mergeHandLines(input.lines));
          await requireWithinLimits(tx, { orderIds: [id] }, purchase.organizerFeeBasisPoints);
          await recomputeTotals(tx, [id], purchase.organizerFeeBasisPoints);
        }
      });
      return viewOne(id);
    },

    /**
     * Reads an XLSX or CSV of orders. The preview lists every row with its errors; applying writes all
     * rows in one transaction or, if any row is wrong, nothing.
     */
    async importOrders(purchaseId: string, data: Buffer, options: { dryRun: boolean }): Promise<ImportResult> {
      const purchase = await purchases.findPurchase(db, purchaseId);
      if (!purchase) throw new AppError('NOT_FOUND', 'Закупка не найдена');
      requireEditable(purchase);
      const rows = await readImportRows(data);
      // From here on the rows are worked through in slices with the event loop let go in between: a
      // 50,000-row file is a second of work that must not stall other requests (decision 007).
      const validRows: ImportRow[] = [];
      // Accounts are looked up for every readable phone, so a wrong row still shows whose it is.
      const phoneSet = new Set<string>();
      await inSlices(rows, (row) => {
        if (row.errors.length === 0) validRows.push(row);
        if (row.phone) phoneSet.add(row.phone);
      });
      const phones = [...phoneSet];
      const accountByPhone = new Map<string, ClientAccount>();
      for (let i = 0; i < phones.length; i += LOOKUP_BATCH) {
        for (const [phone, account] of await accounts.findClientsByPhones(db, phones.slice(i, i + LOOKUP_BATCH)))
          accountByPhone.set(phone, account);
      }
      await inSlices(rows, (row) => {
        row.accountName = row.phone ? (accountByPhone.get(row.phone)?.name ?? null) : null;
      });

      // Two rows of one client for the same product, article and options are refused, not added up: a
      // re-import sets a line's quantity and price from its row, and a second row is most often a
      // correction pasted under the original (adding them up would double it silently). Naming both
      // rows lets the organizer keep the right one.
      const firstRowOf = new Map<string, number>();
      await inSlices(validRows, (row) => {
        const key = JSON.stringify([row.phone, lineIdentityOf(row)]);
        const first = firstRowOf.get(key);
        if (first === undefined) firstRowOf.set(key, row.rowNumber);
        else row.errors.push(`повторяет строку ${first}: тот же клиент, товар, артикул и параметры — оставьте одну строку`);
      });

      const byOrder = new Map<string, { clientName: string; rows: ImportRow[]; lines: Omit<LineValues, 'orderId'>[]; plan?: LinesPlan }>();
      await inSlices(validRows, (row) => {
        if (row.errors.length > 0) return;
        const order = byOrder.get(row.phone!) ?? { clientName: '', rows: [], lines: [] };
        if (row.clientName) order.clientName = row.clientName;
        order.rows.push(row);
        order.lines.push({
          product: row.product,
          article: row.article,
          options: row.options,
          quantity: row.quantity!,
          unitPriceKopecks: row.unitPriceKopecks!,
        });
        byOrder.set(row.phone!, order);
      });
      // Each order as apply will leave it (its stored lines with the file's); beyond the limits, every row of it is refused.
      const storedLines = await findLinesOfPhones(db, purchase.id, [...byOrder.keys()]);
      await inSlices(
        [...byOrder],
        ([phone, order]) => {
          order.plan = planImportLines(order.lines, storedLines.get(phone) ?? []);
          const error = orderLimitErrorOf(order.plan.lines, purchase.organizerFeeBasisPoints);
          if (!error) return;
          for (const row of order.rows) row.errors.push(error);
          byOrder.delete(phone);
        },
        LOOKUP_BATCH,
      );
      const plans = [...byOrder.values()].map((o) => o.plan!);
      const orderSummaries = [...byOrder].map(([phone, order]) => {
        const goodsKopecks = order.plan!.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKopecks, 0);
        return {
          phone,
          clientName: order.clientName,
          accountName: accountByPhone.get(phone)?.name ?? null,
          linesCount: order.plan!.lines.length,
          ...orderTotalsOf(goodsKopecks, purchase.organizerFeeBasisPoints),
        };
      });
      const errorsCount = rows.filter((r) => r.errors.length > 0).length;
      const result: ImportResult = {
        isApplied: false,
        rowsCount: rows.length,
        errorsCount,
        rows,
        orders: orderSummaries,
        goodsKopecks: orderSummaries.reduce((s, o) => s + o.goodsKopecks, 0),
        totalKopecks: orderSummaries.reduce((s, o) => s + o.totalKopecks, 0),
        linesAdded: plans.reduce((s, p) => s + p.added, 0),
        linesChanged: plans.reduce((s, p) => s + p.changed, 0),
        linesUnchanged: plans.reduce((s, p) => s + p.unchanged, 0),
      };
      if (options.dryRun) return result;
      if (errorsCount > 0) throw new AppError('BAD_REQUEST', describeImportErrors(rows, errorsCount), { field: 'file' });

      // Set-based (orders-import.repository.ts): a few statements per 5,000 rows, each order written once.
      await db.transaction(async (tx) => {
        const locked = (await purchases.findPurchase(tx, purchaseId, { forUpdate: true }))!;
        requireEditable(locked);
        const fee = locked.organizerFeeBasisPoints;
        // The limits above were checked with the fee read before the lock; new orders are written with their totals.
        if (fee !== purchase.organizerFeeBasisPoints) {
          throw new AppError('CONFLICT', 'Наценка закупки изменилась, пока файл загружался: загрузите его ещё раз');
        }
        const userIdOf = (phone: string) => {
          const account = accountByPhone.get(phone);
          return account?.isConfirmed ? account.id : null;
        };
        const existing = await lockOrdersOfPhones(tx, purchaseId, [...byOrder.keys()]);
        const existingIds = [...existing.values()];
        // New orders cannot be held by a payment; the stored ones are asked in slices, as they are many.
        for (let i = 0; i < existingIds.length; i += LOOKUP_BATCH) {
          await events.ordersChanging.emit(tx, { orderIds: existingIds.slice(i, i + LOOKUP_BATCH) });
        }
        // The rows of the statements are built in slices too: 50,000 lines at once hold the event loop for a tenth of a second.
        const newOrders: NewImportedOrder[] = [];
        await inSlices(
          [...byOrder],
          ([phone, order]) => {
            if (existing.has(phone)) return;
            const goodsKopecks = order.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKopecks, 0);
            newOrders.push({ phone, clientName: order.clientName, userId: userIdOf(phone), goodsKopecks });
          },
          LOOKUP_BATCH,
        );
        const created = await insertImportedOrders(tx, purchaseId, fee, newOrders);
        const ids = new Map([...existing, ...created]);
        const lines: LineValues[] = [];
        await inSlices(
          [...byOrder],
          ([phone, order]) => {
            const orderId = ids.get(phone)!;
            for (const line of order.lines) lines.push({ ...line, orderId });
          },
          LOOKUP_BATCH,
        );
        await upsertImportedLines(tx, lines);
        const orderIds = [...ids.values()];
        for (let i = 0; i < orderIds.length; i += LOOKUP_BATCH) {
          await requireWithinLimits(tx, { orderIds: orderIds.slice(i, i + LOOKUP_BATCH) }, fee);
        }
        await recomputeImportedOrders(
          tx,
          fee,
          [...byOrder].map(([phone, order]) => ({ id: ids.get(phone)!, clientName: order.clientName, userId: userIdOf(phone) })),
        );
        // The accounts were read before this transaction: one confirmed since then takes its orders here.
        await linkOrdersOfPhones(tx, accounts, [...byOrder.keys()]);
        // Only new orders are told about: a re-import corrects orders their clients already know.
        await notices.ordersPlaced(tx, locked, [...created.values()]);
      });
      return { ...result, isApplied: true };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
