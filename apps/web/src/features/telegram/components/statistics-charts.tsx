// Loaded lazily with the statistics, so the charts library and its styles stay out of the other
// back-office pages.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { formatNumber, plural, type TelegramStatistics } from '@vmeste/contract';
import { useIsNarrow } from '@/lib/use-is-narrow';

/** `2026-11-24` → `24.11`, a day's label on the axis. */
export function dayLabelOf(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day}.${month}`;
}

export function messagesDataOf(days: TelegramStatistics['days']) {
  return days.map((d) => ({ day: dayLabelOf(d.date), sent: d.sent, failed: d.failed }));
}

export function subscribersDataOf(subscribers: TelegramStatistics['subscribers']) {
  return subscribers.map((s) => ({ day: dayLabelOf(s.date), linked: s.linked, blocked: s.blocked }));
}

const messagesText = (n: number) => `${formatNumber(n)} ${plural(n, 'сообщение', 'сообщения', 'сообщений')}`;
const peopleText = (n: number) => `${formatNumber(n)} ${plural(n, 'человек', 'человека', 'человек')}`;
const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });

type Props = Pick<TelegramStatistics, 'days' | 'subscribers'>;

/**
 * Messages sent and failed by day, and the subscribers at the end of each day: side by side on a wide
 * screen, one under the other on a phone.
 */
export default function StatisticsCharts({ days, subscribers }: Props) {
  const isNarrow = useIsNarrow();
  const height = isNarrow ? 220 : 280;
  const axis = { interval: 'preserveStartEnd' as const, minTickGap: 8 };
  const yAxis = { allowDecimals: false, tickFormatter: (v: number) => compact.format(v), width: 40 };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Сообщения по дням
        </Text>
        <BarChart
          h={height}
          data={messagesDataOf(days)}
          dataKey="day"
          series={[
            { name: 'sent', label: 'Отправлено', color: 'teal.6' },
            { name: 'failed', label: 'Не доставлено', color: 'red.6' },
          ]}
          valueFormatter={messagesText}
          yAxisProps={yAxis}
          xAxisProps={axis}
          tickLine="y"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          role="img"
          aria-label="Сообщения по дням: отправлено и не доставлено"
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="sm">
          Подписчики бота
        </Text>
        <LineChart
          h={height}
          data={subscribersDataOf(subscribers)}
          dataKey="day"
          series={[
            { name: 'linked', label: 'Получают сообщения', color: 'blue.6' },
            { name: 'blocked', label: 'Заблокировали бота', color: 'orange.6' },
          ]}
          curveType="linear"
          withDots={subscribers.length <= 31}
          valueFormatter={peopleText}
          yAxisProps={yAxis}
          xAxisProps={axis}
          tickLine="y"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          role="img"
          aria-label="Подписчики бота по дням"
        />
      </Card>
    </SimpleGrid>
  );
}
