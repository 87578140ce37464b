import { Stack, Text } from '@mantine/core';
import {
  type ClientReportPage,
  type ClientReportRow,
  type ClientReportSortKey,
  clientReportColumnTitles,
  formatPhone,
  REPORT_PAGE_SIZES,
} from '@vmeste/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDate, formatMoney } from '@/lib/format';
import { useIsNarrow } from '@/lib/use-is-narrow';
import type { ReportPageSize, SortOrder } from './report-filters';

export const NO_ACCOUNT_TEXT = 'нет аккаунта';

const nowrap = { whiteSpace: 'nowrap' } as const;

type Props = {
  page: ClientReportPage | undefined;
  isFetching: boolean;
  noRecordsText: string;
  sort: ClientReportSortKey;
  order: SortOrder;
  onSortChange: (sort: ClientReportSortKey, order: SortOrder) => void;
  pageNumber: number;
  pageSize: ReportPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: ReportPageSize) => void;
};

const money = (
  accessor: ClientReportSortKey,
  render: (r: ClientReportRow) => number,
  isHidden = false,
): DataTableColumn<ClientReportRow> => ({
  accessor,
  title: clientReportColumnTitles[accessor],
  textAlign: 'right',
  sortable: true,
  hidden: isHidden,
  render: (r) => <span style={nowrap}>{formatMoney(render(r))}</span>,
});

/**
 * One row per client, sorted and paged on the server. On a phone the table keeps the client, the paid
 * sum and the debt; the other figures go under the client's phone and name.
 */
export function ClientsReportTable({
  page,
  isFetching,
  noRecordsText,
  sort,
  order,
  onSortChange,
  pageNumber,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: Props) {
  const isNarrow = useIsNarrow();
  const columns: DataTableColumn<ClientReportRow>[] = [
    {
      accessor: 'phone',
      title: clientReportColumnTitles.phone,
      sortable: true,
      render: (r) =>
        isNarrow ? (
          <Stack gap={0}>
            <Text size="sm" fw={500} style={nowrap}>
              {formatPhone(r.phone)}
            </Text>
            <Text size="sm">{r.name || '—'}</Text>
            <Text size="xs" c="dimmed">
              {clientReportColumnTitles.ordersCount}: {r.ordersCount}, товары {formatMoney(r.goodsKopecks)}
            </Text>
            <Text size="xs" c="dimmed">
              Бонусы {formatMoney(r.bonusBalanceKopecks)}, кешбэк {formatMoney(r.cashbackKopecks)}
            </Text>
            <Text size="xs" c="dimmed">
              {r.registeredAt ? `Регистрация ${formatDate(r.registeredAt)}` : NO_ACCOUNT_TEXT}
              {r.referralsCount > 0 ? `, друзей: ${r.referralsCount}` : ''}
            </Text>
            {r.lastOrderAt && (
              <Text size="xs" c="dimmed">
                Последний заказ {formatDate(r.lastOrderAt)}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" style={nowrap}>
            {formatPhone(r.phone)}
          </Text>
        ),
    },
    { accessor: 'name', title: clientReportColumnTitles.name, sortable: true, hidden: isNarrow, render: (r) => r.name || '—' },
    {
      accessor: 'registeredAt',
      title: clientReportColumnTitles.registeredAt,
      sortable: true,
      hidden: isNarrow,
      render: (r) =>
        r.registeredAt ? (
          formatDate(r.registeredAt)
        ) : (
          <Text size="sm" c="dimmed" style={nowrap}>
            {NO_ACCOUNT_TEXT}
          </Text>
        ),
    },
    { accessor: 'ordersCount', title: clientReportColumnTitles.ordersCount, textAlign: 'right', sortable: true, hidden: isNarrow },
    money('goodsKopecks', (r) => r.goodsKopecks, isNarrow),
    money('paidKopecks', (r) => r.paidKopecks),
    {
      ...money('dueKopecks', (r) => r.dueKopecks),
      render: (r) => (
        <Text size="sm" c={r.dueKopecks > 0 ? 'red.8' : undefined} style={nowrap}>
          {formatMoney(r.dueKopecks)}
        </Text>
      ),
    },
    money('bonusBalanceKopecks', (r) => r.bonusBalanceKopecks, isNarrow),
    money('cashbackKopecks', (r) => r.cashbackKopecks, isNarrow),
    { accessor: 'referralsCount', title: clientReportColumnTitles.referralsCount, textAlign: 'right', sortable: true, hidden: isNarrow },
    {
      accessor: 'lastOrderAt',
      title: clientReportColumnTitles.lastOrderAt,
      sortable: true,
      hidden: isNarrow,
      render: (r) => (r.lastOrderAt ? formatDate(r.lastOrderAt) : '—'),
    },
  ];

  return (
    <BackOfficeTable<ClientReportRow>
      minHeight={200}
      fetching={isFetching}
      records={page?.items ?? []}
      idAccessor="phone"
      columns={columns}
      noRecordsText={noRecordsText}
      sortStatus={{ columnAccessor: sort, direction: order }}
      onSortStatusChange={({ columnAccessor, direction }) => onSortChange(columnAccessor as ClientReportSortKey, direction)}
      totalRecords={page?.total ?? 0}
      recordsPerPage={pageSize}
      page={pageNumber}
      onPageChange={onPageChange}
      recordsPerPageOptions={[...REPORT_PAGE_SIZES]}
      onRecordsPerPageChange={(size) => onPageSizeChange(size as ReportPageSize)}
      recordsPerPageLabel="Строк на странице"
    />
  );
}
