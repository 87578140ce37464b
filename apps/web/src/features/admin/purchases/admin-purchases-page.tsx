import { ActionIcon, Button, Group, Image, Menu, Select, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { type Purchase, type PurchaseStatus, purchaseStatuses, purchaseStatusTitles, purchaseTransitions } from '@vmeste/contract';
import { IconDots, IconListDetails, IconPencil, IconPhoto, IconPlus, IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PurchaseStatusBadge } from '@/components/purchase-status-badge';
import { confirm, escapeHtml } from '@/lib/confirm';
import { formatDate, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { PurchaseFormModal } from './purchase-form-modal';
import { PurchaseOrdersDrawer } from './purchase-orders-drawer';
import { useChangePurchaseStatus, usePurchases, useUpdatePurchase } from './purchases-api';
import { BackOfficeTable } from '@/components/back-office-table';

const PAGE_SIZE = 20;
const statusOptions = purchaseStatuses.map((s) => ({ value: s, label: purchaseStatusTitles[s] }));

const transitionLabels: Partial<Record<PurchaseStatus, string>> = {
  open: 'Открыть сбор заказов',
  stopped: 'Объявить стоп',
  payment: 'Открыть оплату',
  ordered: 'Заказано у поставщика',
  in_transit: 'Товар в пути',
  at_warehouse: 'Товар на складе',
  distribution: 'Начать раздачу',
  completed: 'Завершить закупку',
  canceled: 'Отменить закупку',
};

export function AdminPurchaseCoverPage() {
  const [status, setStatus] = useState<PurchaseStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Purchase | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [ordersOf, setOrdersOf] = useState<Purchase | null>(null);
  const purchases = usePurchases({ status, search: debouncedSearch, page, pageSize: PAGE_SIZE });
  const changeStatus = useChangePurchaseStatus();
  const update = useUpdatePurchase();

  async function askStatus(purchase: Purchase, next: PurchaseStatus) {
    const isCancel = next === 'canceled';
    const isConfirmed = await confirm({
      title: transitionLabels[next] ?? 'Сменить статус',
      messageHtml: `Закупка <b>${escapeHtml(purchase.title)}</b>: «${purchaseStatusTitles[purchase.status]}» → «${purchaseStatusTitles[next]}».${
        isCancel ? '<br/>Неоплаченные заказы будут отменены.' : ''
      }`,
      confirmLabel: isCancel ? 'Отменить закупку' : 'Подтвердить',
      isDanger: isCancel,
    });
    if (!isConfirmed) return;
    await changeStatus.mutateAsync({ id: purchase.id, status: next });
    toast.success(`Статус: ${purchaseStatusTitles[next]}`);
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Закупки</Title>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          Новая закупка
        </Button>
      </Group>
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
        columns={[
          {
            accessor: 'coverThumbUrl',
            title: 'Обложка',
            width: 96,
            render: (p) =>
              p.coverThumbUrl ? (
                <Image src={p.coverThumbUrl} alt="" w={80} h={60} radius="sm" fit="cover" />
              ) : (
                <Group w={80} h={60} justify="center" bg="gray.1" style={{ borderRadius: 4 }}>
                  <IconPhoto size={20} color="var(--mantine-color-gray-6)" aria-label="Нет обложки" />
                </Group>
              ),
          },
          {
            accessor: 'title',
            title: 'Закупка',
            render: (p) => (
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {p.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.supplier || 'Поставщик не указан'} · оргсбор {String(p.organizerFeePercent).replace('.', ',')} %
                </Text>
              </Stack>
            ),
          },
          { accessor: 'status', title: 'Статус', render: (p) => <PurchaseStatusBadge status={p.status} /> },
          { accessor: 'paymentDeadline', title: 'Оплатить до', render: (p) => (p.paymentDeadline ? formatDate(p.paymentDeadline) : '—') },
          { accessor: 'ordersCount', title: 'Заказов', textAlign: 'right' },
          { accessor: 'dueKopecks', title: 'К оплате', textAlign: 'right', render: (p) => formatMoney(p.dueKopecks) },
          { accessor: 'paidKopecks', title: 'Оплачено', textAlign: 'right', render: (p) => formatMoney(p.paidKopecks) },
          {
            accessor: 'showOnMain',
            title: 'На главной',
            render: (p) => (
              <Switch
                aria-label={`Показывать «${p.title}» на главной`}
                checked={p.showOnMain}
                onChange={(e) => void update.mutateAsync({ id: p.id, body: { showOnMain: e.currentTarget.checked } })}
              />
            ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (p) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Заказы">
                  <ActionIcon variant="subtle" aria-label={`Заказы: ${p.title}`} onClick={() => setOrdersOf(p)}>
                    <IconListDetails size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Изменить">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Изменить: ${p.title}`}
                    onClick={() => {
                      setEditing(p);
                      setFormOpen(true);
                    }}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                </Tooltip>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Статус: ${p.title}`} disabled={purchaseTransitions[p.status].length === 0}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {purchaseTransitions[p.status].map((next) => (
                      <Menu.Item key={next} color={next === 'canceled' ? 'red' : undefined} onClick={() => void askStatus(p, next)}>
                        {next === 'open' && p.status === 'stopped' ? 'Возобновить сбор заказов' : transitionLabels[next]}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />
      <PurchaseFormModal purchase={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
      <PurchaseOrdersDrawer
        purchase={ordersOf ? (purchases.data?.items.find((p) => p.id === ordersOf.id) ?? ordersOf) : null}
        onClose={() => setOrdersOf(null)}
      />
    </Stack>
  );
}
