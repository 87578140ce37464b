import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { type MyOrderStep, orderedFromSupplierStatuses, type PublicOrder } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@/config/routes';
import { formatDate, formatMoney } from '@/lib/format';
import { PurchaseStatusBadge } from '@/features/purchases';
import { FulfilmentStatusBadge } from './fulfilment-status-badge';
import { OrderLinesTable } from './order-lines-table';
import { OrderSteps } from './order-steps';
import { OrderSums } from './order-sums';
import { PaymentStateBadge } from './payment-state-badge';

type Props = {
  order: PublicOrder;
  selector?: ReactNode;
  /** A word about the order's payment under its header (a rejected receipt's reason, say). */
  notice?: ReactNode;
  /** Where the goods are, always; otherwise only once they have reached the warehouse. */
  showFulfilment?: boolean;
  linkToOrder?: boolean;
  /** The steps of the goods with their dates, for the order's owner (useMyOrderSteps). */
  steps?: readonly MyOrderStep[] | undefined;
};

/** One order as its owner sees it: purchase, lines (with what did not arrive), sums and where it is. */
export function OrderCard({ order, selector, notice, showFulfilment = false, linkToOrder = false, steps }: Props) {
  // «Ожидает поступления» only once the purchase is ordered from the supplier: while orders are still
  // collected or paid, or the purchase is canceled, the purchase's own stage says where things are.
  const isFulfilmentShown =
    !order.isCanceled &&
    (order.fulfilmentStatus !== 'awaiting_goods' || (showFulfilment && orderedFromSupplierStatuses.includes(order.purchase.status)));
  const missingUnits = order.lines.reduce((sum, l) => sum + (l.arrivedQuantity === null ? 0 : l.missingQuantity), 0);
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
            {/* Once the goods are at the warehouse the order's own place says more than its purchase's stage. */}
            {(!isFulfilmentShown || order.fulfilmentStatus === 'awaiting_goods') && (
              <PurchaseStatusBadge status={order.purchase.status} isQuiet={order.dueKopecks === 0} />
            )}
            <PaymentStateBadge state={order.paymentState} />
            {isFulfilmentShown && <FulfilmentStatusBadge status={order.fulfilmentStatus} />}
          </Group>
        </Group>
        {notice}
        <OrderLinesTable lines={order.lines} />
        <Group justify="space-between" align="flex-end">
          {order.refundDueKopecks > 0 ? (
            <Text size="sm" c="dimmed" maw={360}>
              {missingUnits > 0 ? 'Часть товаров не поступила. ' : ''}Вернём {formatMoney(order.refundDueKopecks)} тем же способом, которым
              вы платили.
            </Text>
          ) : (
            <span />
          )}
          <OrderSums order={order} />
        </Group>
        {steps && !order.isCanceled && <OrderSteps steps={steps} />}
      </Stack>
    </Card>
  );
}
