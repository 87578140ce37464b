import { Card, Group, Stack, Switch, Text } from '@mantine/core';
import { type CashbackPurchase, purchaseStatusTitles, type PurchaseStatus } from '@vmeste/contract';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDate } from '@/lib/format';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { runAction } from '@/lib/run-action';
import { useCashbackPurchases } from '../api/get-cashback-purchases';
import { useSetPurchaseExcluded } from '../api/set-purchase-excluded';
import { QueryError } from '@/components/query-error';
import { SearchInput } from '@/components/search-input';

export const CASHBACK_PURCHASES_PAGE_SIZE = 20;

const statusTitleOf = (status: string) => purchaseStatusTitles[status as PurchaseStatus] ?? status;

/** Purchases whose orders bring no cashback: found by title or supplier, each with its switch. */
export function CashbackPurchases() {
  const [q, setQ] = useState('');
  const [isOnlyExcluded, setOnlyExcluded] = useState(false);
  const [page, setPage] = useState(1);
  const purchases = useCashbackPurchases({
    ...(q ? { q } : {}),
    ...(isOnlyExcluded ? { onlyExcluded: 'true' as const } : {}),
    page,
    pageSize: CASHBACK_PURCHASES_PAGE_SIZE,
  });
  const data = purchases.data;
  // A phone keeps two columns: the status and the date go under the title, the switch stays in sight.
  const isNarrow = useIsNarrow();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        За заказы исключённых закупок кешбэк не начисляется — ни покупателю, ни пригласившему его другу. Бонусами такие заказы оплатить
        можно.
      </Text>
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="md">
          <div style={{ flex: 1, minWidth: 220 }}>
            <SearchInput
              value={q}
              label="Закупка или поставщик"
              placeholder="Например, Топотушки"
              onChange={(text) => {
                setQ(text);
                setPage(1);
              }}
            />
          </div>
          <Switch
            label="Только исключённые"
            checked={isOnlyExcluded}
            onChange={(event) => {
              setOnlyExcluded(event.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
        </Group>
      </Card>
      {purchases.isError && <QueryError error={purchases.error} />}
      <BackOfficeTable<CashbackPurchase>
        fetching={purchases.isFetching}
        records={data?.items ?? []}
        totalRecords={data?.total ?? 0}
        recordsPerPage={CASHBACK_PURCHASES_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={q || isOnlyExcluded ? 'Таких закупок нет' : 'Закупок пока нет'}
        columns={[
          {
            accessor: 'title',
            title: 'Закупка',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {p.title}
                </Text>
                {p.supplier && (
                  <Text size="xs" c="dimmed">
                    {p.supplier}
                  </Text>
                )}
                {isNarrow && (
                  <Text size="xs" c="dimmed">
                    {statusTitleOf(p.status)} · создана {formatDate(p.createdAt)}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: 'status', title: 'Статус', hidden: isNarrow, render: (p) => statusTitleOf(p.status) },
          { accessor: 'createdAt', title: 'Создана', hidden: isNarrow, render: (p) => formatDate(p.createdAt) },
          { accessor: 'isCashbackExcluded', title: 'Без кешбэка', render: (p) => <ExclusionSwitch purchase={p} /> },
        ]}
      />
    </Stack>
  );
}

function ExclusionSwitch({ purchase }: { purchase: CashbackPurchase }) {
  const setExcluded = useSetPurchaseExcluded();
  const isExcluded = purchase.isCashbackExcluded;
  return (
    <Switch
      checked={isExcluded}
      disabled={setExcluded.isPending}
      label={isExcluded ? 'Исключена' : 'Кешбэк есть'}
      aria-label={`Без кешбэка: ${purchase.title}`}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        void runAction(
          () => setExcluded.mutateAsync({ params: { id: purchase.id }, body: { isExcluded: next } }),
          next ? `Закупка «${purchase.title}» исключена из кешбэка` : `Кешбэк по закупке «${purchase.title}» снова начисляется`,
        );
      }}
    />
  );
}
