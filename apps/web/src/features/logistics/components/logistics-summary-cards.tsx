import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { LogisticsStage, LogisticsSummary } from '@vmeste/contract';
import { IconAlertTriangle, IconBuildingStore, IconFileInvoice, IconHourglass, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@/config/routes';
import { useLogisticsSummary } from '../api/get-logistics-summary';
import { QueryError } from '@/components/query-error';
import { longerThanDaysText, oldestUnpaidText } from './logistics-texts';

type Tile = { stage: LogisticsStage; title: string; count: number; note?: string | null; icon: ReactNode; isUrgent?: boolean };

function tilesOf(s: LogisticsSummary): Tile[] {
  return [
    {
      stage: 'awaiting_invoice',
      title: 'Ждут счёта',
      count: s.awaitingInvoice,
      note: 'Упакованы, счёта за доставку нет',
      icon: <IconFileInvoice />,
    },
    { stage: 'invoiced', title: 'Счёт не оплачен', count: s.invoiced, note: oldestUnpaidText(s.oldestUnpaidDays), icon: <IconHourglass /> },
    { stage: 'to_ship', title: 'К отправке', count: s.toShip, note: 'Доставка оплачена', icon: <IconPackage /> },
    {
      stage: 'stalled',
      title: 'Статус не меняется',
      count: s.stalled,
      note: longerThanDaysText(s.stalledDays),
      icon: <IconAlertTriangle />,
      isUrgent: s.stalled > 0,
    },
    { stage: 'shipped', title: 'В пути', count: s.shipped, note: 'Отправлены через Boxberry', icon: <IconTruckDelivery /> },
    { stage: 'ready_for_pickup', title: 'Ждут самовывоза', count: s.readyForPickup, note: 'На полке склада', icon: <IconBuildingStore /> },
  ];
}

/** «Главная» of the logistician: what waits, each count opening its list of parcels. */
export function LogisticsSummaryCards() {
  const summary = useLogisticsSummary();
  if (summary.isError) return <QueryError error={summary.error} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      {summary.data
        ? tilesOf(summary.data).map((tile) => <SummaryCard key={tile.stage} tile={tile} />)
        : Array.from({ length: 6 }, (_, i) => <Skeleton key={i} h={128} radius="md" />)}
    </SimpleGrid>
  );
}

function SummaryCard({ tile }: { tile: Tile }) {
  const color = tile.isUrgent ? 'red.9' : tile.count > 0 ? 'indigo.9' : 'gray.7';
  return (
    <Card
      component={Link}
      to={`${href('LogisticianInvoices')}?stage=${tile.stage}`}
      withBorder
      radius="md"
      padding="lg"
      data-testid={`summary-${tile.stage}`}
      style={{ textDecoration: 'none' }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fw={600}>{tile.title}</Text>
        <Text c={color} lh={1} aria-hidden>
          {tile.icon}
        </Text>
      </Group>
      <Text fz={36} fw={700} c={color} lh={1.2} mt="xs">
        {tile.count}
      </Text>
      {tile.note && (
        <Text size="sm" c="dimmed">
          {tile.note}
        </Text>
      )}
    </Card>
  );
}
