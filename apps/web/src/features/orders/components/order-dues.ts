import { isPaymentOpen, type Order, type Payment, plural } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';
import { type OrderPaymentState, paymentStateOfOrder } from '@/features/payments';

type States = Map<string, OrderPaymentState>;

/**
 * The orders a client owes now: payable (something due, the purchase takes payments) and not already
 * paid with a receipt on check. The unpaid page asks for exactly these and the cabinet sums them, so
 * what is called due and what the client is asked to pay are one set (review item 13 of issue 14).
 */
export function dueOrdersOf<T extends Pick<Order, 'id' | 'isPayable'>>(orders: readonly T[], states: States): T[] {
  return orders.filter((o) => o.isPayable && paymentStateOfOrder(states, o.id).openPayment?.status !== 'awaiting_check');
}

/** The unpaid page's groups: open payments holding orders, orders to select and pay, orders paid after the stop. */
export function unpaidGroupsOf<T extends Pick<Order, 'id' | 'isPayable' | 'dueKopecks'>>(orders: readonly T[], states: States) {
  const openPayments = new Map<string, Payment>();
  const payable: T[] = [];
  const later: T[] = [];
  for (const order of orders) {
    const { openPayment } = paymentStateOfOrder(states, order.id);
    if (openPayment) openPayments.set(openPayment.id, openPayment);
    else if (order.isPayable) payable.push(order);
    else if (order.dueKopecks > 0) later.push(order);
  }
  return { openPayments: [...openPayments.values()], payable, later };
}

export const sumDue = (orders: readonly Pick<Order, 'dueKopecks'>[]) => orders.reduce((sum, o) => sum + o.dueKopecks, 0);

/**
 * Open payments that hold delivery invoices and are not among `known` (those found through the orders):
 * a payment of invoices alone holds no order, yet the client must be able to continue or give it up.
 */
export function openInvoicePaymentsOf(payments: readonly Payment[], known: readonly Payment[]): Payment[] {
  const knownIds = new Set(known.map((p) => p.id));
  return payments.filter((p) => isPaymentOpen(p.status) && !knownIds.has(p.id) && p.items.some((item) => item.kind === 'delivery_invoice'));
}

const invoicesWord = (n: number) => plural(n, 'счёт', 'счёта', 'счетов');

/** «2 заказа», «1 счёт за доставку», «2 заказа и 1 счёт за доставку». */
export function whatIsDueText(ordersCount: number, invoicesCount: number): string {
  const parts: string[] = [];
  if (ordersCount) parts.push(`${ordersCount} ${plural(ordersCount, 'заказ', 'заказа', 'заказов')}`);
  if (invoicesCount) parts.push(`${invoicesCount} ${invoicesWord(invoicesCount)} за доставку`);
  return parts.join(' и ');
}

/** Over «Оплатить»: «Выбрано 2 заказа на 3 480,00 ₽», «Выбрано 2 заказа и 1 счёт за доставку на …». */
export function selectionSummaryOf(ordersCount: number, invoicesCount: number, sumKopecks: number): string {
  // Orders alone keep the words the page always had; «Выбрано: 1 счёт» reads right for any number.
  const chosen = ordersCount ? `Выбрано ${whatIsDueText(ordersCount, invoicesCount)}` : `Выбрано: ${whatIsDueText(0, invoicesCount)}`;
  return `${chosen} на ${formatMoney(sumKopecks)}`;
}

/** The cabinet's three sums: due now (the set above), on check (receipts the admin has not checked), paid. */
export function cabinetSumsOf(orders: readonly Order[], payments: readonly Payment[], states: States) {
  const due = dueOrdersOf(orders, states);
  const onCheck = payments.filter((p) => p.status === 'awaiting_check');
  return {
    dueKopecks: sumDue(due),
    dueCount: due.length,
    onCheckKopecks: onCheck.reduce((sum, p) => sum + p.amountKopecks, 0),
    onCheckCount: onCheck.length,
    paidKopecks: orders.reduce((sum, o) => sum + o.paidKopecks, 0),
  };
}
