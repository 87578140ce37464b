import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { PaymentItem } from '@vmeste/contract';
import { Link } from 'react-router';
import { href } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { paymentItemLabel } from './payment-item-texts';

/**
 * What a payment pays, each with its amount: orders with their purchase, linked to the order's page,
 * and delivery invoices with the parcel they deliver («Доставка посылки №12»).
 */
export function PaymentItemsList({ items }: { items: PaymentItem[] }) {
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Text size="sm">
            {item.kind === 'order' && item.orderId ? (
              <Anchor component={Link} to={href('Order', { id: item.orderId })} inherit>
                {paymentItemLabel(item)}
              </Anchor>
            ) : (
              paymentItemLabel(item)
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
