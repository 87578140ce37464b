import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { PaymentItem } from '@vmeste/contract';
import { Link } from 'react-router';
import { href } from '@/config/routes';
import { formatMoney } from '@/lib/format';

/** The orders a payment pays, each with its purchase and amount, linked to the order's page. */
export function PaymentItemsList({ items }: { items: PaymentItem[] }) {
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">
            {item.orderId ? (
              <Anchor component={Link} to={href('Order', { id: item.orderId })} inherit>
                Заказ № {item.orderNumber}
              </Anchor>
            ) : (
              `Заказ № ${item.orderNumber ?? '—'}`
            )}{' '}
            · {item.purchaseTitle}
          </Text>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(item.amountKopecks)}
            {item.refundedKopecks > 0 && ` (возвращено ${formatMoney(item.refundedKopecks)})`}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
