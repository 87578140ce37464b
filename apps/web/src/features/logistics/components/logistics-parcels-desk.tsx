import { Alert, Anchor, Badge, Button, Checkbox, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { type LogisticsParcel, type LogisticsStage, logisticsStages, logisticsStageTitles, type LogisticsSummary } from '@vmeste/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { ParcelCardFrame } from '@/components/parcel-card-frame';
import { useLogisticsParcels } from '../api/get-logistics-parcels';
import { useLogisticsSummary } from '../api/get-logistics-summary';
import { QueryError } from '@/components/query-error';
import { CreateInvoicesModal } from './create-invoices-modal';
import { hasParcelActions, LogisticsParcelActions } from './logistics-parcel-actions';
import { CardLine, ClientCell, DeliveryCell, InvoiceCell, ParcelCell, QuoteCell, ShipmentCell, WeightCell } from './logistics-parcel-parts';
import { DEFAULT_STAGE, parcelsText, stageOf } from './logistics-texts';
import { Pager } from './pager';
import { SearchInput } from '@/components/search-input';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const PARCELS_PAGE_SIZE = 20;

const countOf: Partial<Record<LogisticsStage, keyof LogisticsSummary>> = {
  awaiting_invoice: 'awaitingInvoice',
  invoiced: 'invoiced',
  to_ship: 'toShip',
  shipped: 'shipped',
  stalled: 'stalled',
  ready_for_pickup: 'readyForPickup',
};

/** Which parts of a parcel a stage's list shows: a quote before the invoice, the shipment once there is one. */
function partsOf(stage: LogisticsStage) {
  return {
    hasQuote: stage === 'awaiting_invoice',
    hasInvoice: stage !== 'awaiting_invoice',
    hasShipment: stage !== 'awaiting_invoice' && stage !== 'invoiced' && stage !== 'to_ship',
    hasActions: stage === 'invoiced' || stage === 'to_ship' || stage === 'shipped' || stage === 'stalled',
  };
}

/**
 * «Счета на оплату доставки»: the parcels of one delivery stage (`?stage=`), searched by number, phone,
 * name or track (`?q=`), page by page (`?page=`). Parcels waiting for an invoice are ticked and invoiced
 * together; the others have their own actions in the row. A table on a wide screen, cards on a phone.
 */
export function LogisticsParcelsDesk() {
  const [params, setParams] = useSearchParams();
  const stage = stageOf(params.get('stage'));
  const q = params.get('q')?.trim() ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const summary = useLogisticsSummary();
  const isNarrow = useIsNarrow();

  const setView = (changes: { stage?: string | null; q?: string; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (changes.stage !== undefined) {
        if (changes.stage && changes.stage !== DEFAULT_STAGE) next.set('stage', changes.stage);
        else next.delete('stage');
      }
      if (changes.q !== undefined) {
        if (changes.q) next.set('q', changes.q);
        else next.delete('q');
      }
      if (changes.page !== undefined && changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
      return next;
    });

  const labelOf = (s: LogisticsStage) => {
    const key = countOf[s];
    const count = key && summary.data ? summary.data[key] : null;
    return { title: logisticsStageTitles[s], count: typeof count === 'number' ? count : null };
  };

  const body = (
    <Stack gap="md">
      <SearchInput
        label="Поиск"
        placeholder="Номер посылки, телефон, имя или трек-номер"
        value={q}
        onChange={(text) => setView({ q: text })}
        w={isNarrow ? undefined : 420}
      />
      <StageParcels key={stage} stage={stage} q={q} page={page} onPage={(next) => setView({ page: next })} isNarrow={isNarrow} />
    </Stack>
  );
  if (isNarrow) {
    return (
      <Stack gap="md">
        <Select
          label="Этап"
          data={logisticsStages.map((s) => {
            const { title, count } = labelOf(s);
            return { value: s, label: count ? `${title} (${count})` : title };
          })}
          value={stage}
          onChange={(next) => setView({ stage: next })}
          allowDeselect={false}
        />
        {body}
      </Stack>
    );
  }
  return (
    <Tabs value={stage} onChange={(next) => setView({ stage: next })} keepMounted={false}>
      <Tabs.List>
        {logisticsStages.map((s) => {
          const { title, count } = labelOf(s);
          const isAlarm = s === 'stalled';
          return (
            <Tabs.Tab
              key={s}
              value={s}
              rightSection={
                count ? (
                  <Badge size="sm" variant="filled" color={isAlarm ? 'red.9' : 'indigo.7'} miw={22}>
                    {count}
                  </Badge>
                ) : undefined
              }
            >
              {title}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {logisticsStages.map((s) => (
        <Tabs.Panel key={s} value={s} pt="md">
          {s === stage && body}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function StageParcels({
  stage,
  q,
  page,
  onPage,
  isNarrow,
}: {
  stage: LogisticsStage;
  q: string;
  page: number;
  onPage: (page: number) => void;
  isNarrow: boolean;
}) {
  const parcels = useLogisticsParcels({ stage, q, page, pageSize: PARCELS_PAGE_SIZE });
  const [selected, setSelected] = useState<LogisticsParcel[]>([]);
  const [invoicing, setInvoicing] = useState<LogisticsParcel[] | null>(null);
  const [shipped, setShipped] = useState<LogisticsParcel[]>([]);
  const parts = partsOf(stage);
  const isSelecting = stage === 'awaiting_invoice';
  const data = parcels.data;
  const noRecordsText = q ? 'Ничего не нашлось' : `Посылок на этапе «${logisticsStageTitles[stage]}» нет`;

  const isSelected = (id: string) => selected.some((s) => s.id === id);
  const toggle = (parcel: LogisticsParcel) =>
    setSelected((was) => (was.some((s) => s.id === parcel.id) ? was.filter((s) => s.id !== parcel.id) : [...was, parcel]));
  const onShipped = (parcel: LogisticsParcel) => setShipped((was) => [parcel, ...was.filter((p) => p.id !== parcel.id)]);
  const actionsOf = (p: LogisticsParcel) => <LogisticsParcelActions parcel={p} onShipped={onShipped} />;

  const columns: DataTableColumn<LogisticsParcel>[] = [
    { accessor: 'number', title: 'Посылка', render: (p) => <ParcelCell parcel={p} /> },
    { accessor: 'clientName', title: 'Клиент', render: (p) => <ClientCell parcel={p} /> },
    { accessor: 'destination', title: 'Доставка', render: (p) => <DeliveryCell parcel={p} /> },
    { accessor: 'weightGrams', title: 'Вес', render: (p) => <WeightCell parcel={p} /> },
  ];
  if (parts.hasQuote) columns.push({ accessor: 'quotedPriceKopecks', title: 'По прайс-листу', render: (p) => <QuoteCell parcel={p} /> });
  if (parts.hasInvoice) columns.push({ accessor: 'invoice', title: 'Счёт', render: (p) => <InvoiceCell parcel={p} /> });
  if (parts.hasShipment) columns.push({ accessor: 'shipment', title: 'Отправление', render: (p) => <ShipmentCell parcel={p} /> });
  if (parts.hasActions) columns.push({ accessor: 'actions', title: 'Действия', render: (p) => actionsOf(p) });

  return (
    <Stack gap="md">
      {parcels.isError && <QueryError error={parcels.error} />}
      {shipped.length > 0 && (
        <Alert color="teal" variant="light" title="Отправлены" withCloseButton closeButtonLabel="Скрыть" onClose={() => setShipped([])}>
          <Stack gap={2} data-testid="shipped-tracks">
            {shipped.map((p) => (
              <Text key={p.id} size="sm">
                Посылка № {p.number}: трек-номер{' '}
                {p.shipment ? (
                  <Anchor href={p.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" ff="monospace">
                    {p.shipment.track}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? `Найдено: ${parcelsText(data.total)}` : 'Загрузка…'}
          {selected.length > 0 ? `, выбрано: ${selected.length}` : ''}
        </Text>
        {isSelecting && (
          <Group gap="sm">
            {selected.length > 0 && (
              <Button variant="subtle" onClick={() => setSelected([])}>
                Снять выбор
              </Button>
            )}
            <Button leftSection={<IconFileInvoice size={18} />} disabled={selected.length === 0} onClick={() => setInvoicing(selected)}>
              {selected.length > 0 ? `Выставить счета (${selected.length})` : 'Выставить счета'}
            </Button>
          </Group>
        )}
      </Group>
      {isNarrow ? (
        <Stack gap="sm">
          {data && data.items.length === 0 && <Text c="dimmed">{noRecordsText}</Text>}
          {data?.items.map((p) => (
            <ParcelCard
              key={p.id}
              parcel={p}
              parts={parts}
              actions={actionsOf(p)}
              bg={isSelected(p.id) ? 'indigo.0' : undefined}
              selection={
                isSelecting && p.needsInvoice ? (
                  <Checkbox mt={2} aria-label={`Выбрать посылку № ${p.number}`} checked={isSelected(p.id)} onChange={() => toggle(p)} />
                ) : null
              }
            />
          ))}
          {data && <Pager total={data.total} pageSize={PARCELS_PAGE_SIZE} page={page} onChange={onPage} />}
        </Stack>
      ) : (
        <BackOfficeTable<LogisticsParcel>
          minHeight={200}
          fetching={parcels.isFetching}
          records={data?.items ?? []}
          totalRecords={data?.total ?? 0}
          recordsPerPage={PARCELS_PAGE_SIZE}
          page={page}
          onPageChange={onPage}
          noRecordsText={noRecordsText}
          idAccessor="id"
          // Ticks only while choosing parcels for invoices.
          {...(isSelecting && {
            selectedRecords: selected,
            onSelectedRecordsChange: setSelected,
            isRecordSelectable: (p: LogisticsParcel) => p.needsInvoice,
            allRecordsSelectionCheckboxProps: { 'aria-label': 'Выбрать все посылки на странице' },
            getRecordSelectionCheckboxProps: (p: LogisticsParcel) => ({ 'aria-label': `Выбрать посылку № ${p.number}` }),
          })}
          columns={columns}
        />
      )}
      <CreateInvoicesModal
        parcels={invoicing}
        isFullScreen={isNarrow}
        onClose={() => setInvoicing(null)}
        onInvoiced={() => {
          setInvoicing(null);
          setSelected([]);
        }}
      />
    </Stack>
  );
}

/** A parcel as a card for a phone: everything of a table's row, the buttons in view. */
function ParcelCard({
  parcel,
  parts,
  actions,
  bg,
  selection,
}: {
  parcel: LogisticsParcel;
  parts: ReturnType<typeof partsOf>;
  actions: ReactNode;
  bg: string | undefined;
  selection: ReactNode;
}) {
  return (
    <ParcelCardFrame
      number={parcel.number}
      bg={bg}
      selection={selection}
      heading={<ParcelCell parcel={parcel} />}
      weight={<WeightCell parcel={parcel} />}
    >
      <CardLine label="Клиент">
        <ClientCell parcel={parcel} />
      </CardLine>
      <CardLine label="Доставка">
        <DeliveryCell parcel={parcel} />
      </CardLine>
      {parts.hasQuote && (
        <CardLine label="По прайс-листу">
          <QuoteCell parcel={parcel} />
        </CardLine>
      )}
      {parts.hasInvoice && (
        <CardLine label="Счёт">
          <InvoiceCell parcel={parcel} />
        </CardLine>
      )}
      {parts.hasShipment && (
        <CardLine label="Отправление">
          <ShipmentCell parcel={parcel} />
        </CardLine>
      )}
      {parts.hasActions && hasParcelActions(parcel) && actions}
    </ParcelCardFrame>
  );
}
