import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { deliveryKindTitles, type Parcel } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { ParcelCardFrame } from '@/components/parcel-card-frame';
import { formatDateTime } from '@/lib/format';
import { ParcelActions } from './parcel-actions';
import { ScrollTable } from './scroll-table';
import { ParcelStatusBadge } from './warehouse-badges';
import { formatSizes, formatWeight, orderNumbersText, ordersText } from './warehouse-texts';

/** The parcel's number with its barcode's digits, which the storekeeper compares with the label. */
export function ParcelNumber({ parcel }: { parcel: Parcel }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        № {parcel.number}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {parcel.barcode}
      </Text>
    </Stack>
  );
}

/** When the parcel took its last step, and who made it. */
export function ParcelWhen({ parcel }: { parcel: Parcel }) {
  if (parcel.handedOverAt) {
    return (
      <Text size="xs">
        Выдана {formatDateTime(parcel.handedOverAt)}
        {parcel.handedOverByName ? `, ${parcel.handedOverByName}` : ''}
      </Text>
    );
  }
  if (parcel.readyAt) return <Text size="xs">На полке с {formatDateTime(parcel.readyAt)}</Text>;
  return (
    <Text size="xs">
      Упакована {formatDateTime(parcel.packedAt)}
      {parcel.packedByName ? `, ${parcel.packedByName}` : ''}
    </Text>
  );
}

function ParcelWeight({ parcel }: { parcel: Parcel }) {
  return (
    <div>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatWeight(parcel.weightGrams)}
      </Text>
      {formatSizes(parcel) && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatSizes(parcel)}
        </Text>
      )}
    </div>
  );
}

function ParcelState({ parcel, isNew }: { parcel: Parcel; isNew: boolean }) {
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4}>
        <ParcelStatusBadge status={parcel.status} />
        {isNew && (
          <Badge color="#a63c06" variant="filled">
            Новая
          </Badge>
        )}
      </Group>
      {/* How it leaves: only self-pickup parcels are handed over here. */}
      <Text size="xs" fw={600}>
        {deliveryKindTitles[parcel.deliveryKind]}
      </Text>
      <ParcelWhen parcel={parcel} />
    </Stack>
  );
}

/** A parcel as a block for a phone: everything of a table's row, the buttons in view. */
export function ParcelBlock({
  parcel,
  isNew = false,
  bg,
  selection,
  isClientShown = false,
  onUnpacked,
}: {
  parcel: Parcel;
  isNew?: boolean;
  bg?: string | undefined;
  /** The tick of a list that selects parcels, before the number. */
  selection?: ReactNode;
  /** In a list of every client's parcels; a client's own card names them once above. */
  isClientShown?: boolean;
  onUnpacked?: () => void;
}) {
  return (
    <ParcelCardFrame
      number={parcel.number}
      bg={bg}
      selection={selection}
      heading={<ParcelNumber parcel={parcel} />}
      weight={<ParcelWeight parcel={parcel} />}
    >
      <ParcelState parcel={parcel} isNew={isNew} />
      <Text size="sm">
        {isClientShown ? `${parcel.clientName || 'Клиент без имени'}, ${parcel.maskedPhone}. ` : ''}
        {ordersText(parcel.orders)}
      </Text>
      <ParcelActions parcel={parcel} onUnpacked={onUnpacked} />
    </ParcelCardFrame>
  );
}

/**
 * A client's parcels not handed over yet (and the scanned one, whatever its state), with their
 * actions: a table on a wide screen, a block per parcel on a phone so the buttons stay in view.
 */
export function ClientParcelsTable({
  parcels,
  highlightedId,
  newId,
  isNarrow,
}: {
  parcels: Parcel[];
  highlightedId: string | null;
  newId: string | null;
  isNarrow: boolean;
}) {
  const highlight = (p: Parcel) => (p.id === highlightedId || p.id === newId ? 'yellow.0' : undefined);
  if (isNarrow) {
    return (
      <Stack gap="sm">
        {parcels.map((p) => (
          <ParcelBlock key={p.id} parcel={p} isNew={p.id === newId} bg={highlight(p)} />
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable label="Посылки клиента" minWidth={760}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Посылка</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Заказы</Table.Th>
            <Table.Th>Вес</Table.Th>
            <Table.Th>Действия</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parcels.map((p) => (
            <Table.Tr key={p.id} bg={highlight(p)} data-testid={`parcel-${p.number}`}>
              <Table.Td>
                <ParcelNumber parcel={p} />
              </Table.Td>
              <Table.Td>
                <ParcelState parcel={p} isNew={p.id === newId} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{orderNumbersText(p.orders)}</Text>
              </Table.Td>
              <Table.Td>
                <ParcelWeight parcel={p} />
              </Table.Td>
              <Table.Td>
                <ParcelActions parcel={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
