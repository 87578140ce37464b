import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { type ClientReportTotals, formatNumber, plural } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

type Figure = { key: string; label: string; value: string; color?: string };

/** The figures of the whole filtered set, each on its own card: counts with their words, money in roubles. */
export function figuresOf(totals: ClientReportTotals): Figure[] {
  return [
    { key: 'clients', label: plural(totals.clients, 'клиент', 'клиента', 'клиентов'), value: formatNumber(totals.clients) },
    { key: 'orders', label: plural(totals.ordersCount, 'заказ', 'заказа', 'заказов'), value: formatNumber(totals.ordersCount) },
    { key: 'goods', label: 'товары', value: formatMoney(totals.goodsKopecks) },
    { key: 'paid', label: 'оплачено', value: formatMoney(totals.paidKopecks) },
    {
      key: 'due',
      label: 'долг',
      value: formatMoney(totals.dueKopecks),
      ...(totals.dueKopecks > 0 ? { color: 'red.8' } : {}),
    },
    { key: 'bonus', label: 'бонусов на счетах', value: formatMoney(totals.bonusBalanceKopecks) },
    { key: 'cashback', label: 'кешбэк', value: formatMoney(totals.cashbackKopecks) },
  ];
}

const FIGURES_COUNT = 7;

/** The totals on top of the report; skeletons until the first answer. */
export function ReportTotals({ totals }: { totals: ClientReportTotals | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="report-totals">
      {totals
        ? figuresOf(totals).map((figure) => (
            <Card key={figure.key} withBorder radius="md" padding="sm" data-testid={`total-${figure.key}`}>
              <Text fw={700} size="lg" c={figure.color} style={{ whiteSpace: 'nowrap' }}>
                {figure.value}
              </Text>
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
            </Card>
          ))
        : Array.from({ length: FIGURES_COUNT }, (_, i) => (
            <Card key={i} withBorder radius="md" padding="sm">
              <Skeleton height={24} width="70%" mb={6} />
              <Skeleton height={14} width="50%" />
            </Card>
          ))}
    </SimpleGrid>
  );
}
