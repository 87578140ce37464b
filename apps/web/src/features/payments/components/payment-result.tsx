import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paymentMethodTitles } from '@vmeste/contract';
import { IconCheck, IconClockHour4, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { href, routes } from '@/config/routes';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { usePayment } from '../api/get-payment';
import { bonusPartText } from './payment-bonus-text';
import { paymentItemsHeading } from './payment-item-texts';
import { PaymentItemsList } from './payment-items-list';
import { type PaymentOutcome, paymentNextStepOf, paymentOutcomeOf, paymentOutcomeTitles } from './payment-status';

/** The bank answers within seconds; after this long the page stops asking and says so. */
const POLL_LIMIT_MS = 10 * 60_000;

const looks: Record<PaymentOutcome, { color: string; icon: ReactNode }> = {
  paid: { color: 'teal.9', icon: <IconCheck size={32} /> },
  failed: { color: 'red.9', icon: <IconX size={32} /> },
  waiting_bank: { color: 'indigo.9', icon: <IconClockHour4 size={32} /> },
  waiting_receipt: { color: 'indigo.9', icon: <IconClockHour4 size={32} /> },
  on_check: { color: 'indigo.9', icon: <IconClockHour4 size={32} /> },
  refunded: { color: 'grape.9', icon: <IconReceiptRefund size={32} /> },
};

/** «Результат оплаты»: paid, failed or waiting for the bank (asked again every 2 s), the orders, and what next. */
export function PaymentResult({ paymentId }: { paymentId: string }) {
  const { user } = useSession();
  const [isPolling, setPolling] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const payment = usePayment(paymentId, { isPolledWhilePending: isPolling });

  if (!paymentId) {
    return (
      <Alert color="red" variant="light" role="alert">
        В ссылке нет номера оплаты. Откройте страницу по ссылке из платёжного сервиса или найдите заказ в личном кабинете.
      </Alert>
    );
  }
  if (payment.isPending) return <Loader role="status" aria-label="Загрузка оплаты" />;
  if (payment.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {isApiError(payment.error) && (payment.error.statusCode === 404 || payment.error.statusCode === 400)
          ? 'Такой оплаты нет. Проверьте ссылку.'
          : 'Не удалось узнать, чем закончилась оплата. Обновите страницу.'}
      </Alert>
    );
  }

  const data = payment.data;
  const outcome = paymentOutcomeOf(data);
  const isClient = user?.role === 'client';
  const firstOrderId = data.items.find((item) => item.orderId)?.orderId ?? null;
  const ordersCount = data.items.filter((item) => item.kind === 'order').length;
  const invoicesCount = data.items.length - ordersCount;
  const goods = data.items.flatMap((item) => (item.kind === 'order' ? [item.fulfilmentStatus ?? 'awaiting_goods'] : []));
  return (
    <Card withBorder radius="md" padding="xl" data-testid="payment-result">
      <Stack gap="lg">
        <Stack gap="xs" align="center" ta="center">
          <ThemeIcon size={64} radius="xl" color={looks[outcome].color}>
            {looks[outcome].icon}
          </ThemeIcon>
          <Title order={2} aria-live="polite">
            {paymentOutcomeTitles[outcome]}
          </Title>
          <Text c="dimmed">
            Оплата № {data.number} · {paymentMethodTitles[data.method]} · {formatMoney(data.amountKopecks)}
            {bonusPartText(data) && `, ${bonusPartText(data)}`}
          </Text>
          {outcome === 'waiting_bank' && isPolling && <Loader size="sm" role="status" aria-label="Ждём ответ банка" />}
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{paymentItemsHeading(data.items)}</Text>
          <PaymentItemsList items={data.items} />
        </Stack>
        {data.reason && outcome === 'failed' && (
          <Alert color="red" variant="light">
            {data.reason}
          </Alert>
        )}
        <Text>
          {outcome === 'waiting_bank' && !isPolling
            ? 'Банк долго не отвечает. Обновите страницу позже — оплата подтвердится, как только банк пришлёт ответ.'
            : paymentNextStepOf(outcome, { isClient, ordersCount, invoicesCount, goods })}
        </Text>
        <Group gap="sm">
          {outcome === 'waiting_bank' && data.confirmationUrl && (
            <Button component="a" href={data.confirmationUrl} variant="light">
              Вернуться к оплате
            </Button>
          )}
          {isClient && outcome === 'paid' && ordersCount > 0 && (
            <Button component={Link} to={routes.PersonalPaidOrders.path}>
              Мои заказы
            </Button>
          )}
          {isClient && outcome === 'paid' && invoicesCount > 0 && (
            <Button component={Link} to={routes.PersonalDelivery.path} variant={ordersCount > 0 ? 'default' : 'filled'}>
              Мои посылки
            </Button>
          )}
          {isClient && outcome !== 'paid' && (
            <Button component={Link} to={routes.PersonalUnpaidOrders.path} variant={outcome === 'failed' ? 'filled' : 'default'}>
              К неоплаченным заказам
            </Button>
          )}
          {!isClient && firstOrderId && (
            <Button component={Link} to={href('Order', { id: firstOrderId })}>
              {ordersCount === 1 ? 'Вернуться к заказу' : 'К первому заказу'}
            </Button>
          )}
          {!isClient && !user && (
            <Anchor component={Link} to={routes.Signin.path} size="sm">
              Войти в личный кабинет
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
