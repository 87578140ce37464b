import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ChartsSkeleton } from '@/components/charts-skeleton';
import { DateInput } from '@mantine/dates';
import { formatNumber, plural, type TelegramRun, type TelegramStatistics as Statistics } from '@vmeste/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatCalendarDate, formatDateTime } from '@/lib/format';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useTelegramStatistics } from '../api/get-telegram-statistics';
import { QueryError } from '@/components/query-error';
import { type StatisticsParamKey, statisticsQueryOf, withoutPeriod, withPeriodChange } from './statistics-filters';
import { parseTypedDay, runCountsText } from './telegram-texts';

// The charts library is big and only this page and the clients report draw charts: it comes with the charts.
const StatisticsCharts = lazy(() => import('./statistics-charts'));

export const RUNS_PAGE_SIZE = 20;

const nowrap = { whiteSpace: 'nowrap' } as const;

type Figure = { key: string; label: string; value: number; color?: string };

/** The period's totals over its runs, each count with its word. */
export function figuresOf(runs: TelegramRun[]): Figure[] {
  const sum = (pick: (run: TelegramRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const recipients = sum((r) => r.recipients);
  const blocked = sum((r) => r.blocked);
  const failed = sum((r) => r.failed);
  return [
    { key: 'runs', label: plural(runs.length, 'рассылка', 'рассылки', 'рассылок'), value: runs.length },
    { key: 'recipients', label: plural(recipients, 'получатель', 'получателя', 'получателей'), value: recipients },
    { key: 'delivered', label: 'доставлено', value: sum((r) => r.delivered), color: 'teal.8' },
    { key: 'blocked', label: 'заблокировали бота', value: blocked, ...(blocked > 0 ? { color: 'orange.8' } : {}) },
    { key: 'failed', label: plural(failed, 'ошибка', 'ошибки', 'ошибок'), value: failed, ...(failed > 0 ? { color: 'red.8' } : {}) },
    { key: 'pending', label: 'в очереди', value: sum((r) => r.pending) },
  ];
}

function Totals({ runs }: { runs: TelegramRun[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {figuresOf(runs).map((figure) => (
        <Card key={figure.key} withBorder radius="md" padding="sm" data-testid={`total-${figure.key}`}>
          <Text fw={700} size="lg" c={figure.color}>
            {formatNumber(figure.value)}
          </Text>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** When a sending was planned, began and ended. */
function RunTimes({ run }: { run: TelegramRun }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500} style={nowrap}>
        {formatDateTime(run.plannedAt)}
      </Text>
      <Text size="xs" c="dimmed" style={nowrap}>
        начало {formatDateTime(run.startedAt)}
      </Text>
      <Text size="xs" c="dimmed" style={nowrap}>
        {run.finishedAt ? `конец ${formatDateTime(run.finishedAt)}` : 'ещё отправляется'}
      </Text>
    </Stack>
  );
}

/** One row per sending: a repeating post has one per occurrence. On a phone the times and counts fold around the post. */
function RunsTable({ runs, isFetching, noRecordsText }: { runs: TelegramRun[]; isFetching: boolean; noRecordsText: string }) {
  const isNarrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const shown = runs.slice((page - 1) * RUNS_PAGE_SIZE, page * RUNS_PAGE_SIZE);
  const number = (key: 'recipients' | 'delivered' | 'blocked' | 'failed' | 'pending', title: string): DataTableColumn<TelegramRun> => ({
    accessor: key,
    title,
    textAlign: 'right',
    hidden: isNarrow,
    render: (run) => formatNumber(run[key]),
  });
  const columns: DataTableColumn<TelegramRun>[] = [
    {
      accessor: 'plannedAt',
      title: 'Время (МСК)',
      hidden: isNarrow,
      render: (run) => <RunTimes run={run} />,
    },
    {
      accessor: 'excerpt',
      title: isNarrow ? 'Рассылка, время московское' : 'Пост',
      render: (run) => (
        <Stack gap={2}>
          {isNarrow && <RunTimes run={run} />}
          <Text size="sm" lineClamp={2}>
            {run.excerpt || '—'}
          </Text>
          {isNarrow && (
            <Text size="xs" c="dimmed">
              получателей {run.recipients}: {runCountsText(run)}
            </Text>
          )}
        </Stack>
      ),
    },
    number('recipients', 'Получателей'),
    number('delivered', 'Доставлено'),
    number('blocked', 'Заблокировали'),
    number('failed', 'Ошибки'),
    number('pending', 'В очереди'),
  ];
  return (
    <BackOfficeTable<TelegramRun>
      minHeight={160}
      fetching={isFetching}
      records={shown}
      columns={columns}
      noRecordsText={noRecordsText}
      totalRecords={runs.length}
      recordsPerPage={RUNS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
    />
  );
}

function Charts({ statistics }: { statistics: Statistics }) {
  return (
    <Suspense fallback={<ChartsSkeleton />}>
      <StatisticsCharts days={statistics.days} subscribers={statistics.subscribers} />
    </Suspense>
  );
}

/**
 * «Статистика рассылок»: a period (in the address, so it can be sent as a link; the last 30 days when
 * none is chosen), the totals, every sending with its counts, and the charts by day.
 */
export function TelegramStatistics() {
  const [params, setParams] = useSearchParams();
  const query = statisticsQueryOf(params);
  const statistics = useTelegramStatistics(query);
  const data = statistics.data;

  const change = (key: StatisticsParamKey, value: string | null) => setParams((current) => withPeriodChange(current, key, value));

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateInput
            label="С"
            valueFormat="DD.MM.YYYY"
            dateParser={parseTypedDay}
            placeholder={data ? formatCalendarDate(data.from) : 'ДД.ММ.ГГГГ'}
            value={query.from ?? null}
            onChange={(day) => change('from', day)}
            maxDate={query.to}
            clearable
            w={170}
          />
          <DateInput
            label="По"
            valueFormat="DD.MM.YYYY"
            dateParser={parseTypedDay}
            placeholder={data ? formatCalendarDate(data.to) : 'ДД.ММ.ГГГГ'}
            value={query.to ?? null}
            onChange={(day) => change('to', day)}
            minDate={query.from}
            clearable
            w={170}
          />
          <Button variant="default" disabled={!query.from && !query.to} onClick={() => setParams((current) => withoutPeriod(current))}>
            Последние 30 дней
          </Button>
        </Group>
        {data && (
          <Text size="sm" c="dimmed" mt="xs" data-testid="statistics-period">
            С {formatCalendarDate(data.from)} по {formatCalendarDate(data.to)}, по московскому времени
          </Text>
        )}
      </Card>

      {statistics.isError && <QueryError error={statistics.error} title="Статистика не загрузилась" />}

      {data ? <Totals runs={data.runs} /> : !statistics.isError && <Skeleton h={76} radius="md" />}

      <Stack gap="sm">
        <Title order={2} size="h3">
          Рассылки
        </Title>
        <RunsTable
          // A new period starts on its first page.
          key={`${query.from ?? ''}-${query.to ?? ''}`}
          runs={data?.runs ?? []}
          isFetching={statistics.isFetching}
          noRecordsText={statistics.isError ? 'Рассылки не загрузились' : 'За этот период рассылок не было'}
        />
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          По дням
        </Title>
        {data ? <Charts statistics={data} /> : !statistics.isError && <ChartsSkeleton />}
      </Stack>
    </Stack>
  );
}
