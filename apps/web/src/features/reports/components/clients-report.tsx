import { ActionIcon, Button, Card, Grid, Group, Select, Stack, Switch, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type ClientReportSortKey, clientReportColumnTitles, clientReportSortKeys } from '@vmeste/contract';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { SearchInput } from '@/components/search-input';
import { PurchaseSelect } from '@/features/purchases';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useClientsReport } from '../api/get-clients-report';
import { QueryError } from '@/components/query-error';
import { ClientsReportCharts } from './clients-report-charts';
import { ClientsReportTable } from './clients-report-table';
import { ExportReportButton } from './export-report-button';
import {
  exportQueryOf,
  filterQueryOf,
  hasFilters,
  type ParamKey,
  pageQueryOf,
  reportFiltersOf,
  withChanges,
  withoutFilters,
} from './report-filters';
import { ReportTotals } from './report-totals';

const sortOptions = clientReportSortKeys.map((key) => ({ value: key, label: clientReportColumnTitles[key] }));

/**
 * «Отчет по клиентам»: the filters, the order and the page live in the address (a report can be
 * bookmarked or sent as a link); the totals of the whole filtered set, the table, the weekly charts and
 * the XLSX of the same set.
 */
export function ClientsReport() {
  const [params, setParams] = useSearchParams();
  const filters = reportFiltersOf(params);
  const report = useClientsReport(pageQueryOf(filters));
  const isNarrow = useIsNarrow();

  const change = (changes: Partial<Record<ParamKey, string | null>>) => setParams((current) => withChanges(current, changes));
  const setSort = (sort: ClientReportSortKey, order: 'asc' | 'desc') => change({ sort, order });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, xl: 3 }}>
            <DatePickerInput
              type="range"
              label="Период заказов"
              placeholder="За всё время"
              valueFormat="DD.MM.YYYY"
              value={[filters.from ?? null, filters.to ?? null]}
              onChange={([from, to]) => {
                // Half a period filters nothing yet: the address changes once both ends are picked or both cleared.
                if ((from && to) || (!from && !to)) change({ from: from ?? null, to: to ?? null });
              }}
              clearable
              allowSingleDateInRange
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, xl: 3 }}>
            <PurchaseSelect value={filters.purchaseId ?? null} onChange={(purchaseId) => change({ purchaseId })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, xl: 3 }}>
            <SearchInput
              label="Телефон или имя"
              placeholder="Например, 900 123 или Иванова"
              value={filters.q ?? ''}
              onChange={(q) => change({ q: q || null })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, xl: 3 }}>
            <Group gap="md" justify="space-between" wrap="nowrap" h={36}>
              <Switch
                label="Только с долгом"
                checked={filters.onlyDue}
                onChange={(event) => change({ onlyDue: event.currentTarget.checked ? 'true' : null })}
              />
              <Button variant="default" disabled={!hasFilters(filters)} onClick={() => setParams((current) => withoutFilters(current))}>
                Сбросить
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </Card>

      {report.isError && <QueryError error={report.error} title="Отчёт не загрузился" />}

      {!(report.isError && !report.data) && <ReportTotals totals={report.data?.totals} />}

      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          Клиенты
        </Title>
        <Group gap="sm" align="flex-end">
          {isNarrow && (
            // On a phone most columns are folded into the first one, so the order is chosen here.
            <Group gap={4} align="flex-end" wrap="nowrap">
              <Select
                label="Сортировка"
                data={sortOptions}
                value={filters.sort}
                onChange={(sort) => sort && setSort(sort as ClientReportSortKey, filters.order)}
                allowDeselect={false}
                w={180}
              />
              <ActionIcon
                variant="default"
                size={36}
                onClick={() => setSort(filters.sort, filters.order === 'asc' ? 'desc' : 'asc')}
                aria-label={filters.order === 'asc' ? 'По возрастанию, сменить на убывание' : 'По убыванию, сменить на возрастание'}
              >
                {filters.order === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
              </ActionIcon>
            </Group>
          )}
          <ExportReportButton query={exportQueryOf(filters)} />
        </Group>
      </Group>

      <ClientsReportTable
        page={report.data}
        isFetching={report.isFetching}
        noRecordsText={report.isError ? 'Строки не загрузились' : 'Никого не нашли'}
        sort={filters.sort}
        order={filters.order}
        onSortChange={setSort}
        pageNumber={filters.page}
        pageSize={filters.pageSize}
        onPageChange={(page) => change({ page: String(page) })}
        onPageSizeChange={(pageSize) => change({ pageSize: String(pageSize) })}
      />

      <Stack gap="xs">
        <Title order={2} size="h3">
          По неделям
        </Title>
        <ClientsReportCharts query={filterQueryOf(filters)} />
      </Stack>
    </Stack>
  );
}
