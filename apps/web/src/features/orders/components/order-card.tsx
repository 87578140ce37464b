import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { fulfilmentStatusTitles, type PublicOrder } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@/config/routes';
import { formatDate } from '@/lib/format';
import { PurchaseStatusBadge } from '@/features/purchases';
import { OrderLinesTable } from './order-lines-table';
import { OrderSums } from './order-sums';
import { PaymentStateBadge } from './payment-state-badge';

type Props = {
  order: PublicOrder;
  selector?: ReactNode;
  /** A word about the order's payment under its header (a rejected receipt's reason, say). */
  notice?: ReactNode;
  showFulfilment?: boolean;
  linkToOrder?: boolean;
};

/** One order as its owner sees it: purchase, lines, sums and where it is. */
export function OrderCard({ order, selector, notice, showFulfilment = false, linkToOrder = false }: Props) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="order-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            {selector}
            <Stack gap={2}>
              <Text fw={700}>
                {linkToOrder ? (
                  <Anchor component={Link} to={href('Order', { id: order.id })} inherit>
                    Заказ № {order.number}
                  </Anchor>
                ) : (
                  `Заказ № ${order.number}`
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {order.purchase.title} · от {formatDate(order.createdAt)}
                {order.purchase.paymentDeadline && order.dueKopecks > 0
                  ? ` · оплатить до ${formatDate(order.purchase.paymentDeadline)}`
                  : ''}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} justify="flex-end">
            <PurchaseStatusBadge status={order.purchase.status} />
            <PaymentStateBadge state={order.paymentState} isCanceled={order.isCanceled} />
          </Group>
        </Group>
        {notice}
        <OrderLinesTable lines={order.lines} />
        <Group justify="space-between" align="flex-end">
          {showFulfilment ? (
            <Text size="sm">
              Где заказ: <b>{fulfilmentStatusTitles[order.fulfilmentStatus]}</b>
            </Text>
          ) : (
            <span />
          )}
          <OrderSums order={order} />
        </Group>
      </Stack>
    </Card>
  );
}
