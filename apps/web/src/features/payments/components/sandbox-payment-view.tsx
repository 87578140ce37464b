import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { paymentMethodTitles } from '@vmeste/contract';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useDecideSandboxPayment } from '../api/decide-sandbox-payment';
import { useSandboxPayment } from '../api/get-sandbox-payment';

/**
 * «Тестовая оплата»: the built-in provider's page, standing in for the bank's while the shop has no
 * provider credentials. The decision goes through the same notification path as a real provider's.
 */
export function SandboxPaymentView({ id }: { id: string }) {
  const payment = useSandboxPayment(id);
  const decide = useDecideSandboxPayment();
  const [decision, setDecision] = useState<'pay' | 'decline' | null>(null);

  async function choose(next: 'pay' | 'decline') {
    setDecision(next);
    let redirectUrl: string | null = null;
    const isDone = await runAction(async () => {
      redirectUrl = (await decide.mutateAsync({ params: { id }, body: { decision: next } })).redirectUrl;
    });
    if (isDone && redirectUrl) window.location.assign(redirectUrl);
    else setDecision(null);
  }

  if (payment.isPending) return <Loader role="status" aria-label="Загрузка платежа" />;
  if (payment.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {isApiError(payment.error) && (payment.error.statusCode === 404 || payment.error.statusCode === 400)
          ? 'Такого тестового платежа нет. Вернитесь в магазин и начните оплату заново.'
          : 'Не удалось загрузить платёж. Обновите страницу.'}
      </Alert>
    );
  }
  const data = payment.data;
  const isPending = data.status === 'pending';
  return (
    <Card withBorder radius="md" padding="xl" maw={520} mx="auto" w="100%">
      <Stack gap="lg">
        <Alert color="yellow" variant="light" icon={<IconFlask size={20} />} title="Это тестовая оплата">
          Платёжный сервис не подключён, поэтому магазин показывает свою тестовую страницу. Деньги не списываются: кнопки только проверяют,
          как магазин обработает успешную или неудачную оплату.
        </Alert>
        <Stack gap={4} ta="center">
          <Text c="dimmed" size="sm">
            К оплате · {paymentMethodTitles[data.method]}
          </Text>
          <Title order={2} data-testid="sandbox-amount">
            {formatMoney(data.amountKopecks)}
          </Title>
          <Text size="sm">{data.description}</Text>
        </Stack>
        {isPending ? (
          <Group grow>
            <Button size="md" onClick={() => void choose('pay')} loading={decision === 'pay'} disabled={decision === 'decline'}>
              Оплатить
            </Button>
            <Button
              size="md"
              variant="default"
              onClick={() => void choose('decline')}
              loading={decision === 'decline'}
              disabled={decision === 'pay'}
            >
              Отказаться
            </Button>
          </Group>
        ) : (
          <Stack gap="xs" align="center">
            <Text>{data.status === 'succeeded' ? 'Этот платёж уже оплачен.' : 'От этого платежа уже отказались.'}</Text>
            <Anchor href={data.returnUrl}>Вернуться в магазин</Anchor>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
