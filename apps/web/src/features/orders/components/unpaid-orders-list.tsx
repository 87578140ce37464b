import { Alert, Card, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { DeliveryInvoiceCard, useMyInvoices } from '@/features/delivery';
import { OpenPaymentCard, paymentStatesByOrder, PayForm, useCreatePayment, useMyPayments } from '@/features/payments';
import { plural } from '@vmeste/contract';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useMyOrders } from '../api/get-my-orders';
import { useMyOrderSteps } from '../api/get-my-order-steps';
import {
  dueOrdersOf,
  inPaymentOrdersOf,
  openInvoicePaymentsOf,
  selectionSummaryOf,
  sumDue,
  unpaidGroupsOf,
  whatIsDueText,
} from './order-dues';
import { OrderCard } from './order-card';
import { PaymentProblemAlert } from './payment-problem-alert';

/**
 * «Неоплаченные заказы»: payments already started (to continue or give up), the payable orders and
 * the delivery invoices to pick and pay together (all picked at first), and apart the orders of
 * purchases that take payments only after the stop — those are not due yet and not counted.
 */
export function UnpaidOrdersList() {
  const orders = useMyOrders('unpaid');
  const payments = useMyPayments();
  const invoices = useMyInvoices();
  const steps = useMyOrderSteps();
  const createPayment = useCreatePayment();
  const [deselected, setDeselected] = useState<Set<string>>(new Set());
  const [startedIds, setStartedIds] = useState<Set<string>>(new Set());
  const startedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (startedIds.size > 0) startedRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [startedIds]);

  // The cards are drawn in the background once the data is here (a deferred render yields to the
  // browser every few milliseconds), so a phone does not freeze while a long list is built.
  const isLoaded = useDeferredValue(!(orders.isPending || payments.isPending || invoices.isPending));
  if (!isLoaded) return <Loader role="status" aria-label="Загрузка заказов" />;
  if (!orders.data || !payments.data) return null;

  const states = paymentStatesByOrder(payments.data);
  const groups = unpaidGroupsOf(orders.data, states);
  const { payable, later, heldElsewhere } = groups;
  const openPayments = [...groups.openPayments, ...openInvoicePaymentsOf(payments.data, groups.openPayments)];
  const due = dueOrdersOf(orders.data);
  // Invoices a payment holds stay in view, marked «В оплате», but cannot be picked again.
  const dueInvoices = (invoices.data ?? []).filter((i) => i.dueKopecks > 0);
  const payableInvoices = dueInvoices.filter((i) => !i.isInPayment);
  const chosen = payable.filter((o) => !deselected.has(o.id));
  const chosenInvoices = payableInvoices.filter((i) => !deselected.has(i.id));
  const chosenSum = sumDue(chosen) + sumDue(chosenInvoices);
  const selectable = [...payable, ...payableInvoices];
  const chosenCount = chosen.length + chosenInvoices.length;

  const toggle = (id: string) =>
    setDeselected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (orders.data.length === 0 && dueInvoices.length === 0) {
    return (
      <Alert color="teal" variant="light">
        Всё оплачено. Новые заказы появятся здесь, когда организатор загрузит закупку, в которой вы участвуете.
      </Alert>
    );
  }

  return (
    <Stack gap="xl">
      <Text data-testid="due-total">
        {due.length || dueInvoices.length
          ? `К оплате ${formatMoney(sumDue(due) + sumDue(dueInvoices))}: ${whatIsDueText(due.length, dueInvoices.length)}${inPaymentText(inPaymentOrdersOf(due).length, dueInvoices.length - payableInvoices.length)}.`
          : 'Сейчас платить нечего.'}
      </Text>

      {openPayments.length > 0 && (
        <Stack gap="md" ref={startedRef} style={{ scrollMarginTop: 80 }}>
          <Title order={2} size="h3">
            Начатые оплаты
          </Title>
          {openPayments.map((payment) => (
            <OpenPaymentCard key={payment.id} payment={payment} isExpanded={startedIds.has(payment.id)} />
          ))}
        </Stack>
      )}

      {heldElsewhere.length > 0 && (
        <Stack gap="md" data-testid="held-elsewhere">
          <Title order={2} size="h3">
            Оплачиваются по ссылке
          </Title>
          {heldElsewhere.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              linkToOrder
              notice={
                <Text size="sm" c="dimmed">
                  {order.openPaymentStatus === 'awaiting_check'
                    ? 'Чек перевода по ссылке на заказ ждёт проверки.'
                    : 'Оплата по ссылке на заказ начата и ещё не завершена.'}
                </Text>
              }
            />
          ))}
        </Stack>
      )}

      {(payable.length > 0 || dueInvoices.length > 0) && (
        <Stack gap="md">
          <Title order={2} size="h3">
            К оплате
          </Title>
          {selectable.length > 0 && (
            <Checkbox
              label="Выбрать все"
              checked={chosenCount === selectable.length}
              indeterminate={chosenCount > 0 && chosenCount < selectable.length}
              onChange={() => setDeselected(chosenCount === selectable.length ? new Set(selectable.map((o) => o.id)) : new Set())}
            />
          )}
          {payable.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              linkToOrder
              steps={steps.data?.get(order.id)}
              notice={<PaymentProblemAlert order={order} />}
              selector={
                <Checkbox
                  aria-label={`Выбрать заказ № ${order.number}`}
                  checked={!deselected.has(order.id)}
                  onChange={() => toggle(order.id)}
                  mt={4}
                />
              }
            />
          ))}
          {dueInvoices.length > 0 && (
            <Stack gap="sm" data-testid="delivery-invoices">
              <Stack gap={2}>
                <Title order={3} size="h4">
                  Доставка
                </Title>
                <Text size="sm" c="dimmed">
                  Счета за доставку упакованных посылок оплачиваются картой онлайн или через СБП.
                </Text>
              </Stack>
              {dueInvoices.map((invoice) => (
                <DeliveryInvoiceCard
                  key={invoice.id}
                  invoice={invoice}
                  selector={
                    <Checkbox
                      aria-label={`Выбрать счёт за доставку № ${invoice.number}`}
                      checked={!invoice.isInPayment && !deselected.has(invoice.id)}
                      disabled={invoice.isInPayment}
                      onChange={() => toggle(invoice.id)}
                      mt={4}
                    />
                  }
                />
              ))}
            </Stack>
          )}
          <Card withBorder radius="md" padding="lg" shadow="sm">
            <PayForm
              isWide
              summary={
                chosenCount
                  ? selectionSummaryOf(chosen.length, chosenInvoices.length, chosenSum)
                  : `Отметьте ${payable.length && payableInvoices.length ? 'заказы и счета' : payable.length ? 'заказы' : 'счета'}, которые хотите оплатить вместе`
              }
              isDisabled={chosenCount === 0}
              purchases={chosen.map((o) => o.purchase)}
              hasDeliveryInvoices={chosenInvoices.length > 0}
              bonusSumKopecks={chosenSum}
              send={(method, bonusKopecks) =>
                createPayment.mutateAsync({
                  body: {
                    orderIds: chosen.map((o) => o.id),
                    invoiceIds: chosenInvoices.map((i) => i.id),
                    method,
                    ...(bonusKopecks > 0 ? { bonusKopecks } : {}),
                  },
                })
              }
              onTransfer={(created) => {
                setStartedIds(new Set(created.map((p) => p.id)));
                toast.info(
                  created.length > 1
                    ? `Заказы разных закупок оплачиваются на разные карты: ${created.length} ${plural(created.length, 'перевод', 'перевода', 'переводов')}`
                    : 'Переведите сумму по реквизитам и загрузите чек',
                );
              }}
            />
          </Card>
        </Stack>
      )}

      {later.length > 0 && (
        <Stack gap="md" data-testid="after-stop">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Оплата после стопа
            </Title>
            <Text size="sm" c="dimmed">
              Организатор ещё собирает заказы или ждёт счёт поставщика. Эти заказы можно будет оплатить, когда закупка перейдёт к оплате, —
              их сумма ({formatMoney(sumDue(later))}) пока не к оплате.
            </Text>
          </Stack>
          {later.map((order) => (
            <OrderCard key={order.id} order={order} linkToOrder notice={<PaymentProblemAlert order={order} />} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** What of the sum due is in a payment started already, here or by the order's link: «, из них в начатой оплате: 1 заказ». */
function inPaymentText(ordersCount: number, invoicesCount: number): string {
  return ordersCount || invoicesCount ? `, из них в начатой оплате: ${whatIsDueText(ordersCount, invoicesCount)}` : '';
}
