import { Alert, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { onlinePaymentMethods, type Payment, paymentMethodTitles } from '@vmeste/contract';
import { lazy, Suspense, useState } from 'react';
import { confirm } from '@/lib/confirm';
import { formatDateTime, formatMoney } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useAbandonPayment } from '../api/abandon-payment';
import { bonusPartText } from './payment-bonus-text';
import { PaymentItemsList } from './payment-items-list';
import { PaymentStatusBadge } from './payment-status-badge';

// The requisites with their copy buttons (Mantine's Tooltip and its positioning, about 17 KiB gzip) load
// only with a transfer, not with every order page a guest opens (decision 037).
const TransferDetails = lazy(() => import('./transfer-details').then((module) => ({ default: module.TransferDetails })));

type Props = { payment: Payment; isExpanded?: boolean };

/**
 * A payment that holds its orders: an online one waiting for the bank («Продолжить» returns to the
 * provider's page), a transfer waiting for its receipt («Продолжить» shows the card again) or a
 * receipt on check. «Отказаться» frees the orders to choose another method.
 */
export function OpenPaymentCard({ payment, isExpanded = false }: Props) {
  const abandon = useAbandonPayment();
  const [isOpenedByClient, setOpen] = useState(false);
  // A transfer just started opens at once: the client came to see where to send the money.
  const isOpen = isOpenedByClient || isExpanded;
  const isOnline = onlinePaymentMethods.includes(payment.method);
  const isPending = payment.status === 'pending';

  async function giveUp() {
    const isConfirmed = await confirm({
      title: 'Отказаться от оплаты?',
      messageHtml: isOnline
        ? 'Если вы уже заплатили, не отказывайтесь: дождитесь подтверждения банка.'
        : 'Если вы уже перевели деньги, не отказывайтесь: загрузите чек.',
      confirmLabel: 'Отказаться',
      cancelLabel: 'Не отказываться',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await runAction(() => abandon.mutateAsync({ params: { id: payment.id } }), 'Оплата отменена. Можно выбрать другой способ');
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="open-payment">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text fw={700}>
              Оплата № {payment.number} · {paymentMethodTitles[payment.method]}
            </Text>
            <Text size="sm" c="dimmed">
              {formatMoney(payment.amountKopecks)}
              {bonusPartText(payment) && `, ${bonusPartText(payment)}`} · от {formatDateTime(payment.createdAt)}
            </Text>
          </Stack>
          <PaymentStatusBadge status={payment.status} />
        </Group>
        <PaymentItemsList items={payment.items} />
        {payment.status === 'awaiting_check' && (
          <Alert color="indigo" variant="light">
            Чек на проверке: мы проверяем перевод и пришлём сообщение, когда подтвердим оплату.
          </Alert>
        )}
        {isPending && isOnline && (
          <Text size="sm">
            Оплата начата, но банк её ещё не подтвердил. Вернитесь на страницу оплаты или откажитесь, чтобы выбрать другой способ.
          </Text>
        )}
        {isPending && !isOnline && !isOpen && (
          <Text size="sm">Ждём перевод и чек. Нажмите «Продолжить», чтобы увидеть реквизиты и загрузить чек.</Text>
        )}
        {!isOnline && (
          <Collapse expanded={isOpen && isPending}>
            <Suspense fallback={null}>
              <TransferDetails payment={payment} />
            </Suspense>
          </Collapse>
        )}
        {isPending && (
          <Group gap="sm">
            {isOnline && payment.confirmationUrl && (
              <Button component="a" href={payment.confirmationUrl}>
                Продолжить
              </Button>
            )}
            {!isOnline && !isOpen && <Button onClick={() => setOpen(true)}>Продолжить</Button>}
            <Button variant="default" onClick={() => void giveUp()} loading={abandon.isPending}>
              Отказаться
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
