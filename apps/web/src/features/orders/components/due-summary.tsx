import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '@vmeste/contract';
import { Link } from 'react-router';
import { href, routes } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';

/** What is due now and the latest orders, so the cabinet opens on what needs doing. */
export function DueSummary() {
  const orders = useMyOrders();
  if (!orders.data) return null;
  const due = orders.data.filter((o) => o.dueKopecks > 0);
  const dueSum = due.reduce((sum, o) => sum + o.dueKopecks, 0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {due.length ? `К оплате ${formatMoney(dueSum)}` : 'Долгов нет'}
        </Title>
        <Text size="sm" c="dimmed" data-testid="due-summary">
          {due.length
            ? `${due.length} ${plural(due.length, 'заказ', 'заказа', 'заказов')} ${plural(due.length, 'ждёт', 'ждут', 'ждут')} оплаты.`
            : orders.data.length
              ? 'Все заказы оплачены.'
              : 'Заказов пока нет: они появятся, когда организатор загрузит закупку с вашим телефоном.'}
        </Text>
        {orders.data.slice(0, 3).map((o) => (
          <Group key={o.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={href('Order', { id: o.id })} size="sm">
              № {o.number} · {o.purchase.title}
            </Anchor>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(o.totalKopecks)}
            </Text>
          </Group>
        ))}
        {due.length > 0 && (
          <Anchor component={Link} to={routes.PersonalUnpaidOrders.path} size="sm" fw={600}>
            Перейти к оплате
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
