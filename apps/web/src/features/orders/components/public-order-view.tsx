import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import type { Payment, PublicOrder } from '@vmeste/contract';
import { OpenPaymentCard, paymentStateOfOrder, paymentStatesByOrder, PayForm, usePayByLink, usePaymentsByIds } from '@/features/payments';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useBrowserValue } from '@/lib/hydration';
import { useSession } from '@/lib/session';
import { useMyOrderSteps } from '../api/get-my-order-steps';
import { OrderCard } from './order-card';
import { PaymentProblemAlert } from './payment-problem-alert';
import { useOrderByLink } from '../api/get-order-by-link';
import { rememberStartedPayments, startedPaymentIdsOf } from './started-payments';

/** The order for whoever holds its link, with the name and phone reduced by the server, and «Оплатить» while it is payable. */
export function PublicOrderView({ id }: { id: string }) {
  const order = useOrderByLink(id);
  return (
    <>
      {order.isPending && <Loader role="status" aria-label="Загрузка заказа" />}
      {order.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(order.error) && (order.error.statusCode === 404 || order.error.statusCode === 400)
            ? 'Такого заказа нет. Проверьте ссылку или спросите её у организатора.'
            : 'Не удалось загрузить заказ. Обновите страницу.'}
        </Alert>
      )}
      {order.data && <OrderWithPayment key={order.data.id} order={order.data} />}
    </>
  );
}

function OrderWithPayment({ order }: { order: PublicOrder }) {
  const payByLink = usePayByLink();
  // Kept in this browser, which the server rendering the page cannot see: read after hydration.
  const [startedIds, setStartedIds] = useBrowserValue(() => startedPaymentIdsOf(order.id), []);
  const [justStarted, setJustStarted] = useState<Set<string>>(new Set());
  const started = usePaymentsByIds(startedIds);
  const known = started.map((query) => query.data).filter((payment): payment is Payment => Boolean(payment));
  const { openPayment } = paymentStateOfOrder(paymentStatesByOrder(known), order.id);
  // The owner, signed in, sees the steps of the goods; the endpoint answers only the client's own orders.
  const { user } = useSession();
  const steps = useMyOrderSteps(user?.role === 'client' && user.isConfirmedAccount);
  const isLoadingPayments = started.some((query) => query.isPending);

  return (
    <Stack gap="lg">
      {/* Both come reduced from the server (Мария И., +7 (900) ***-**-01): enough to recognise one's order. */}
      <Stack gap={0}>
        {order.clientName && <Text c="dimmed">Клиент: {order.clientName}</Text>}
        <Text c="dimmed">Телефон клиента: {order.phone}</Text>
      </Stack>
      <OrderCard
        order={order}
        showFulfilment
        steps={steps.data?.get(order.id)}
        notice={openPayment ? null : <PaymentProblemAlert order={order} />}
      />
      {openPayment && <OpenPaymentCard payment={openPayment} isExpanded={justStarted.has(openPayment.id)} />}
      {!openPayment && !isLoadingPayments && order.isPayable && (
        <Card withBorder radius="md" padding="lg" maw={560}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Оплатить заказ
            </Title>
            <Text size="sm" c="dimmed">
              Оплатить может любой, у кого есть ссылка на заказ, — например, родственник.
            </Text>
            <PayForm
              summary={`К оплате ${formatMoney(order.dueKopecks)}`}
              purchases={[order.purchase]}
              send={(method) => payByLink.mutateAsync({ body: { orderId: order.id, method } })}
              onTransfer={(payments) => {
                const ids = payments.map((p) => p.id);
                setStartedIds(rememberStartedPayments(order.id, ids));
                setJustStarted(new Set(ids));
              }}
            />
          </Stack>
        </Card>
      )}
      {!order.isPayable && order.dueKopecks > 0 && !order.isCanceled && (
        <Alert color="indigo" variant="light" title="Оплата после стопа">
          Заказ можно будет оплатить, когда организатор объявит стоп и закупка перейдёт к оплате. Мы пришлём сообщение.
        </Alert>
      )}
    </Stack>
  );
}
