import { type ClientPaymentStep, clientPaymentStepOf, isPaymentOpen, type Order, type Payment, plural } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';
import { type OrderPaymentState, paymentStateOfOrder } from '@/features/payments';

type States = Map<string, OrderPaymentState>;
type StepFields = Pick<Order, 'isCanceled' | 'dueKopecks' | 'isPayable' | 'openPaymentStatus'>;

const isStep =
  (...steps: ClientPaymentStep[]) =>
  (o: StepFields) =>
    steps.includes(clientPaymentStepOf(o));

/**
 * The orders a client owes now: to pay, or in a payment started and not finished (money not sent yet).
 * Not those with a receipt on check, nor those paid after the stop. The step of each order is the
 * contract's `clientPaymentStepOf` over what the server says of its payments, so the cabinet's summary
 * and «Неоплаченные заказы» count one set, whoever started the payment.
 */
export function dueOrdersOf<T extends StepFields>(orders: readonly T[]): T[] {
  return orders.filter(isStep('to_pay', 'in_payment'));
}

export const inPaymentOrdersOf = <T extends StepFields>(orders: readonly T[]): T[] => orders.filter(isStep('in_payment'));
export const onCheckOrdersOf = <T extends StepFields>(orders: readonly T[]): T[] => orders.filter(isStep('on_check'));
export const afterStopOrdersOf = <T extends StepFields>(orders: readonly T[]): T[] => orders.filter(isStep('after_stop'));

/**
 * The unpaid page's groups: open payments of the client holding orders (to continue or give up),
 * orders held by a payment started elsewhere (by the order's link), orders to select and pay, orders
 * paid after the stop.
 */
export function unpaidGroupsOf<T extends StepFields & Pick<Order, 'id'>>(orders: readonly T[], states: States) {
  const openPayments = new Map<string, Payment>();
  const heldElsewhere: T[] = [];
  const payable: T[] = [];
  const later: T[] = [];
  for (const order of orders) {
    const step = clientPaymentStepOf(order);
    const { openPayment } = paymentStateOfOrder(states, order.id);
    if (step === 'in_payment' || step === 'on_check') {
      if (openPayment) openPayments.set(openPayment.id, openPayment);
      else heldElsewhere.push(order);
    } else if (step === 'to_pay') payable.push(order);
    else if (step === 'after_stop') later.push(order);
  }
  return { openPayments: [...openPayments.values()], heldElsewhere, payable, later };
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

/** Over «Оплатить»: «Выбрано 2 заказа на 3 480,00 ₽», «Выбран 1 заказ и 1 счёт за доставку на …». */
export function selectionSummaryOf(ordersCount: number, invoicesCount: number, sumKopecks: number): string {
  // The verb agrees with the number after it: «Выбран 1 заказ», «Выбран 21 счёт», «Выбрано 2 заказа».
  const verb = plural(ordersCount || invoicesCount, 'Выбран', 'Выбрано', 'Выбрано');
  return `${verb} ${whatIsDueText(ordersCount, invoicesCount)} на ${formatMoney(sumKopecks)}`;
}

/** The cabinet's three sums: due now (the set above), on check (orders whose receipt the admin has not checked), paid. */
export function cabinetSumsOf(orders: readonly Order[]) {
  const due = dueOrdersOf(orders);
  const onCheck = onCheckOrdersOf(orders);
  return {
    dueKopecks: sumDue(due),
    dueCount: due.length,
    onCheckKopecks: sumDue(onCheck),
    onCheckCount: onCheck.length,
    paidKopecks: orders.reduce((sum, o) => sum + o.paidKopecks, 0),
  };
}
