import { Group, Text } from '@mantine/core';
import { type PaymentPage, plural } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

/**
 * The totals of the filtered payments on «Оплаты»: money received and money still awaited apart, and
 * what went back; a canceled or rejected payment's sum is in none of them (the server sums them).
 */
export function PaymentsTotals({ page }: { page: PaymentPage | undefined }) {
  const money = (kopecks: number | undefined) => (page && kopecks !== undefined ? formatMoney(kopecks) : '…');
  return (
    <Group gap="xl" data-testid="payments-totals">
      <Text>
        Найдено: <b>{page?.total ?? '…'}</b> {plural(page?.total ?? 0, 'оплата', 'оплаты', 'оплат')}
      </Text>
      <Text title="Прошедшие оплаты, в том числе те, по которым потом вернули деньги">
        Получено <b>{money(page?.totals.receivedKopecks)}</b>
      </Text>
      <Text title="Оплаты, которые ещё не прошли: ждут оплаты или проверки чека">
        Ожидается <b>{money(page?.totals.pendingKopecks)}</b>
      </Text>
      <Text>
        Возвращено <b>{money(page?.totals.refundedKopecks)}</b>
      </Text>
    </Group>
  );
}
