// Loaded lazily with the report's charts, so the charts library and its styles stay out of the other
// back-office pages.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { type ClientReportWeek, plural } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';
import { useIsNarrow } from '@/lib/use-is-narrow';

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

/** `2026-05-04` → `04.05`, the label of the week starting that Monday. */
export function weekLabelOf(weekStart: string): string {
  const [, month, day] = weekStart.split('-');
  return `${day}.${month}`;
}

export function chartDataOf(weeks: ClientReportWeek[]) {
  return weeks.map((w) => ({ week: weekLabelOf(w.weekStart), newClients: w.newClients, revenue: w.revenueKopecks / 100 }));
}

const clientsText = (n: number) => `${n} ${plural(n, 'клиент', 'клиента', 'клиентов')}`;
const rublesText = (rubles: number) => formatMoney(Math.round(rubles * 100));

/** New clients and money paid by week: side by side on a wide screen, one under the other on a phone. */
export default function WeeklyCharts({ weeks }: { weeks: ClientReportWeek[] }) {
  const isNarrow = useIsNarrow();
  const data = chartDataOf(weeks);
  const height = isNarrow ? 220 : 280;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Новые клиенты по неделям
        </Text>
        <BarChart
          h={height}
          data={data}
          dataKey="week"
          series={[{ name: 'newClients', label: 'Новые клиенты', color: 'indigo.6' }]}
          valueFormatter={clientsText}
          yAxisProps={{ allowDecimals: false, tickFormatter: (v: number) => compact.format(v), width: 56 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
          tickLine="y"
          role="img"
          aria-label="Новые клиенты по неделям"
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Оплачено по неделям, ₽
        </Text>
        <BarChart
          h={height}
          data={data}
          dataKey="week"
          series={[{ name: 'revenue', label: 'Оплачено', color: 'teal.6' }]}
          valueFormatter={rublesText}
          yAxisProps={{ tickFormatter: (v: number) => compact.format(v), width: 68 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
          tickLine="y"
          role="img"
          aria-label="Оплачено по неделям"
        />
      </Card>
    </SimpleGrid>
  );
}
