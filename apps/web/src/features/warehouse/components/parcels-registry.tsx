import { Button, Checkbox, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { deliveryKindTitles, type Parcel, type ParcelStatus, parcelStatuses, parcelStatusTitles, plural } from '@vmeste/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { useParcels } from '../api/get-parcels';
import { ParcelBlock, ParcelNumber, ParcelWhen } from './client-parcels-table';
import { LabelsModal } from './labels-modal';
import { ParcelActions } from './parcel-actions';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { ParcelStatusBadge } from './warehouse-badges';
import { formatSizes, formatWeight, orderNumbersText } from './warehouse-texts';

const PAGE_SIZE = 20;
const ALL = 'all';
const statusOptions = [{ value: ALL, label: 'Все' }, ...parcelStatuses.map((s) => ({ value: s, label: parcelStatusTitles[s] }))];

function statusOf(value: string | null): ParcelStatus | undefined {
  return parcelStatuses.find((s) => s === value);
}

/**
 * «Посылки»: the latest parcels by status (`?status=`, `?page=` keep the view over a reload), each
 * with its actions, and the labels of several ticked ones in one PDF. The ticks stay over pages.
 */
export function ParcelsRegistry() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const parcels = useParcels({ status, page, pageSize: PAGE_SIZE });
  const [selected, setSelected] = useState<Parcel[]>([]);
  const [labelsFor, setLabelsFor] = useState<Parcel[] | null>(null);
  const isNarrow = useIsNarrow();

  const setView = (changes: { status?: string | null; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if ('status' in changes) {
        if (changes.status && changes.status !== ALL) next.set('status', changes.status);
        else next.delete('status');
        next.delete('page');
      }
      if (changes.page !== undefined) {
        if (changes.page > 1) next.set('page', String(changes.page));
        else next.delete('page');
      }
      return next;
    });

  const data = parcels.data;
  const unselect = (id: string) => setSelected((was) => was.filter((s) => s.id !== id));
  const isSelected = (id: string) => selected.some((s) => s.id === id);
  const toggle = (parcel: Parcel) => (isSelected(parcel.id) ? unselect(parcel.id) : setSelected((was) => [...was, parcel]));
  const noRecordsText = status ? `Посылок со статусом «${parcelStatusTitles[status]}» нет` : 'Посылок пока нет';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Статус"
          data={statusOptions}
          value={status ?? ALL}
          onChange={(next) => setView({ status: next })}
          allowDeselect={false}
          w={220}
        />
        <Group gap="sm">
          {selected.length > 0 && (
            <Button variant="subtle" onClick={() => setSelected([])}>
              Снять выбор
            </Button>
          )}
          <Button leftSection={<IconPrinter size={18} />} disabled={selected.length === 0} onClick={() => setLabelsFor(selected)}>
            {selected.length > 0 ? `Печать этикеток (${selected.length})` : 'Печать этикеток'}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {data ? `Найдено: ${data.total} ${plural(data.total, 'посылка', 'посылки', 'посылок')}` : '…'}
        {selected.length > 0 ? `, выбрано: ${selected.length}` : ''}
      </Text>
      {isNarrow ? (
        <Stack gap="sm">
          {data && data.items.length === 0 && <Text c="dimmed">{noRecordsText}</Text>}
          {data?.items.map((p) => (
            <ParcelBlock
              key={p.id}
              parcel={p}
              isClientShown
              bg={isSelected(p.id) ? 'indigo.0' : undefined}
              selection={
                <Checkbox mt={2} aria-label={`Выбрать посылку № ${p.number}`} checked={isSelected(p.id)} onChange={() => toggle(p)} />
              }
              onUnpacked={() => unselect(p.id)}
            />
          ))}
          {data && data.total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(data.total / PAGE_SIZE)}
              value={page}
              onChange={(next) => setView({ page: next })}
              size="sm"
              getItemProps={(n) => ({ 'aria-label': `Страница ${n}` })}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница' })}
            />
          )}
        </Stack>
      ) : (
        <BackOfficeTable<Parcel>
          minHeight={200}
          fetching={parcels.isFetching}
          records={data?.items ?? []}
          totalRecords={data?.total ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page}
          onPageChange={(next) => setView({ page: next })}
          noRecordsText={noRecordsText}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          idAccessor="id"
          allRecordsSelectionCheckboxProps={{ 'aria-label': 'Выбрать все посылки на странице' }}
          getRecordSelectionCheckboxProps={(p) => ({ 'aria-label': `Выбрать посылку № ${p.number}` })}
          columns={[
            { accessor: 'number', title: 'Посылка', render: (p) => <ParcelNumber parcel={p} /> },
            {
              accessor: 'clientName',
              title: 'Клиент',
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{p.clientName || 'Клиент без имени'}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {p.maskedPhone}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'status',
              title: 'Статус',
              render: (p) => (
                <Stack gap={4} align="flex-start">
                  <ParcelStatusBadge status={p.status} />
                  {/* How it leaves: only self-pickup parcels are handed over here. */}
                  <Text size="xs" fw={600}>
                    {deliveryKindTitles[p.deliveryKind]}
                  </Text>
                  <ParcelWhen parcel={p} />
                </Stack>
              ),
            },
            { accessor: 'orders', title: 'Заказы', render: (p) => orderNumbersText(p.orders) },
            {
              accessor: 'weightGrams',
              title: 'Вес',
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatWeight(p.weightGrams)}
                  </Text>
                  {formatSizes(p) && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatSizes(p)}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'actions',
              title: 'Действия',
              render: (p) => <ParcelActions parcel={p} onUnpacked={() => unselect(p.id)} />,
            },
          ]}
        />
      )}
      <LabelsModal parcels={labelsFor} onClose={() => setLabelsFor(null)} />
    </Stack>
  );
}
