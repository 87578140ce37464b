import { Stack, Text } from '@mantine/core';
import { ChartsSkeleton } from '@/components/charts-skeleton';
import { lazy, Suspense } from 'react';
import { formatCalendarDate } from '@/lib/format';
import { useClientsReportCharts } from '../api/get-clients-report-charts';
import type { ClientsReportFilterQuery } from '../api/keys';
import { QueryError } from '@/components/query-error';

// The charts library is big and only this report draws charts: it comes when the charts are shown.
const WeeklyCharts = lazy(() => import('./weekly-charts'));

/** The weekly charts of the filtered set, with the weeks they cover. */
export function ClientsReportCharts({ query }: { query: ClientsReportFilterQuery }) {
  const charts = useClientsReportCharts(query);
  if (charts.isError) return <QueryError error={charts.error} title="Графики не загрузились" />;
  if (!charts.data) return <ChartsSkeleton />;
  const { from, to, weeks } = charts.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="charts-period">
        Недели с {formatCalendarDate(from)} по {formatCalendarDate(to)}, по московскому времени
      </Text>
      <Suspense fallback={<ChartsSkeleton />}>
        <WeeklyCharts weeks={weeks} />
      </Suspense>
    </Stack>
  );
}
