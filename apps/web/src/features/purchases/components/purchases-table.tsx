import { Group, Image, Progress, Select, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { plural, type Purchase, type PurchaseStatus, purchaseStatuses, purchaseStatusTitles } from '@vmeste/contract';
import { IconListDetails, IconPencil, IconPhoto, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { actionsColumn, RowAction } from '@/components/row-actions';
import { formatDate, formatMoney } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { usePurchases } from '../api/get-purchases';
import { useUpdatePurchase } from '../api/update-purchase';
import { PurchaseFormModal } from './purchase-form-modal';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { PurchaseStatusMenu } from './purchase-status-menu';

const PAGE_SIZE = 20;
const statusOptions = purchaseStatuses.map((s) => ({ value: s, label: purchaseStatusTitles[s] }));
/** Stages in which the warehouse receives the goods, or has just finished. */
const receivingStatuses: readonly PurchaseStatus[] = ['in_transit', 'at_warehouse', 'distribution'];

/** «Принято 12 из 40 строк»: how far the warehouse is with a purchase's goods. */
export function receivingProgressText(purchase: Pick<Purchase, 'linesCount' | 'receivedLinesCount'>): string {
  const { linesCount: total, receivedLinesCount: received } = purchase;
  return `Принято ${received} из ${total} ${plural(total, 'строки', 'строк', 'строк')}`;
}

function ReceivingProgress({ purchase }: { purchase: Purchase }) {
  const percent = purchase.linesCount > 0 ? Math.round((purchase.receivedLinesCount / purchase.linesCount) * 100) : 0;
  const text = receivingProgressText(purchase);
  return (
    <Stack gap={2} maw={150} data-testid="receiving-progress">
      <Progress value={percent} size="sm" color={percent === 100 ? 'teal.9' : 'blue.9'} aria-label={text} />
      <Text size="xs">{text}</Text>
    </Stack>
  );
}

/** The admin's purchases: search, status filter, paging, editing, lifecycle steps; `onOpenOrders` shows a purchase's orders. */
export function PurchasesTable({ onOpenOrders }: { onOpenOrders: (purchase: Purchase) => void }) {
  const [status, setStatus] = useState<PurchaseStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Purchase | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const purchases = usePurchases({ status: status ?? undefined, search: debouncedSearch, page, pageSize: PAGE_SIZE });
  const update = useUpdatePurchase();

  return (
    <>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Поиск"
          placeholder="Название или поставщик"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Статус"
          placeholder="Все статусы"
          data={statusOptions}
          value={status}
          onChange={(value) => {
            setStatus(value as PurchaseStatus | null);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <BackOfficeTable
        minHeight={200}
        fetching={purchases.isFetching}
        records={purchases.data?.items ?? []}
        totalRecords={purchases.data?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={search || status ? 'Ничего не нашлось: измените поиск или фильтр' : 'Закупок пока нет: создайте первую'}
        // The actions stay in sight when a narrow screen scrolls the table sideways.
        pinLastColumn
        columns={[
          {
            accessor: 'coverThumbUrl',
            title: 'Обложка',
            width: 88,
            render: (p) =>
              p.coverThumbUrl ? (
                <Image src={p.coverThumbUrl} alt="" w={64} h={48} radius="sm" fit="cover" />
              ) : (
                <Group w={64} h={48} justify="center" bg="gray.1" style={{ borderRadius: 4 }}>
                  <IconPhoto size={20} color="var(--mantine-color-gray-6)" aria-label="Нет обложки" />
                </Group>
              ),
          },
          {
            accessor: 'title',
            title: 'Закупка',
            render: (p) => (
              // Wide enough for a title to read in two lines; a narrower screen scrolls the table instead.
              <Stack gap={2} miw={220}>
                <Text fw={600} size="sm" lineClamp={2} title={p.title}>
                  {p.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {p.supplier || 'Поставщик не указан'} · оргсбор {String(p.organizerFeePercent).replace('.', ',')} %
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: 'Статус',
            noWrap: true,
            render: (p) => (
              <Stack gap={4} align="flex-start">
                <PurchaseStatusBadge status={p.status} />
                <Text size="xs" c="dimmed">
                  {p.paymentDeadline ? `оплата до ${formatDate(p.paymentDeadline)}` : 'срок оплаты не задан'}
                </Text>
                {receivingStatuses.includes(p.status) && p.linesCount > 0 && <ReceivingProgress purchase={p} />}
              </Stack>
            ),
          },
          {
            accessor: 'dueKopecks',
            title: 'Заказы и оплаты',
            textAlign: 'right',
            noWrap: true,
            render: (p) => (
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={500}>
                  {p.ordersCount} {plural(p.ordersCount, 'заказ', 'заказа', 'заказов')}
                </Text>
                <Text size="xs" c="dimmed">
                  к оплате {formatMoney(p.dueKopecks)}
                </Text>
                <Text size="xs" c="dimmed">
                  оплачено {formatMoney(p.paidKopecks)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'showOnMain',
            title: 'На главной',
            width: 104,
            render: (p) => (
              <Switch
                aria-label={`Показывать «${p.title}» на главной`}
                checked={p.showOnMain}
                onChange={(e) => {
                  const showOnMain = e.currentTarget.checked;
                  void runAction(() => update.mutateAsync({ params: { id: p.id }, body: { showOnMain } }));
                }}
              />
            ),
          },
          actionsColumn(
            (p: Purchase) => (
              <>
                <RowAction title="Заказы" label={`Заказы: ${p.title}`} icon={IconListDetails} onClick={() => onOpenOrders(p)} />
                <RowAction
                  title="Изменить"
                  label={`Изменить: ${p.title}`}
                  icon={IconPencil}
                  onClick={() => {
                    setEditing(p);
                    setFormOpen(true);
                  }}
                />
                <PurchaseStatusMenu purchase={p} />
              </>
            ),
            { title: <VisuallyHidden>Действия</VisuallyHidden>, width: 120 },
          ),
        ]}
      />
      <PurchaseFormModal purchase={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
