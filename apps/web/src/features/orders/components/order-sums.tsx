import { Group, Stack, Text } from '@mantine/core';
import type { PublicOrder } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

type Sums = Pick<
  PublicOrder,
  | 'goodsKopecks'
  | 'organizerFeePercent'
  | 'organizerFeeKopecks'
  | 'totalKopecks'
  | 'paidKopecks'
  | 'dueKopecks'
  | 'refundDueKopecks'
  | 'isPayable'
  | 'isCanceled'
>;

function Row({ label, value, isStrong = false }: { label: string; value: string; isStrong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" c={isStrong ? undefined : 'dimmed'} fw={isStrong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={isStrong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * Goods, organizer fee, total, paid, and due or to be returned (paid beyond the total) of an order.
 * An order of a purchase still collecting is not due yet: its rest is «Оплата после стопа», not «К оплате».
 */
export function OrderSums({ order }: { order: Sums }) {
  const fee = String(order.organizerFeePercent).replace('.', ',');
  return (
    <Stack gap={4} maw={360} ml="auto">
      <Row label="Товары" value={formatMoney(order.goodsKopecks)} />
      <Row label={`Оргсбор ${fee} %`} value={formatMoney(order.organizerFeeKopecks)} />
      <Row label="Итого" value={formatMoney(order.totalKopecks)} isStrong />
      {order.paidKopecks > 0 && <Row label="Оплачено" value={formatMoney(order.paidKopecks)} />}
      {order.dueKopecks > 0 && order.isPayable && <Row label="К оплате" value={formatMoney(order.dueKopecks)} isStrong />}
      {order.dueKopecks > 0 && !order.isPayable && !order.isCanceled && (
        <Row label="Оплата после стопа" value={formatMoney(order.dueKopecks)} />
      )}
      {order.refundDueKopecks > 0 && <Row label="К возврату" value={formatMoney(order.refundDueKopecks)} isStrong />}
    </Stack>
  );
}
