import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { boxberryStatusTitle, deliveryKindTitles, formatMoney, formatPhone, type LogisticsParcel } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import { formatGrams, formatShortDateTime, formatSizes, invoiceStateText } from './logistics-texts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The parcel's number, when it was packed and its orders. */
export function ParcelCell({ parcel }: { parcel: LogisticsParcel }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} style={nowrap}>
        № {parcel.number}
      </Text>
      <Text size="xs" c="dimmed" style={nowrap}>
        упакована {formatDate(parcel.packedAt)}
      </Text>
      {parcel.orderNumbers.length > 0 && (
        <Text size="xs" c="dimmed">
          {parcel.orderNumbers.length === 1 ? 'заказ' : 'заказы'} {parcel.orderNumbers.map((n) => `№ ${n}`).join(', ')}
        </Text>
      )}
    </Stack>
  );
}

/** The client, and the recipient when someone else collects the parcel. */
export function ClientCell({ parcel }: { parcel: LogisticsParcel }) {
  const { recipient } = parcel;
  const recipientName = `${recipient.surname} ${recipient.name}`.trim();
  const isSomeoneElse = recipient.phone !== parcel.phone || (recipientName !== '' && recipientName !== parcel.clientName.trim());
  return (
    <Stack gap={0}>
      <Text size="sm">{parcel.clientName || 'Клиент без имени'}</Text>
      <Text size="xs" c="dimmed" style={nowrap}>
        {formatPhone(parcel.phone)}
      </Text>
      {isSomeoneElse && (
        <Text size="xs" c="dimmed">
          Получатель: {recipientName || '—'}, <span style={nowrap}>{formatPhone(recipient.phone)}</span>
        </Text>
      )}
    </Stack>
  );
}

export function DeliveryCell({ parcel }: { parcel: LogisticsParcel }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {deliveryKindTitles[parcel.kind]}
      </Text>
      {parcel.destination && (
        <Text size="xs" c="dimmed">
          {parcel.destination}
        </Text>
      )}
    </Stack>
  );
}

export function WeightCell({ parcel }: { parcel: LogisticsParcel }) {
  const sizes = formatSizes(parcel);
  return (
    <Stack gap={0}>
      <Text size="sm" style={nowrap}>
        {formatGrams(parcel.weightGrams)}
      </Text>
      {sizes && (
        <Text size="xs" c="dimmed" style={nowrap}>
          {sizes}
        </Text>
      )}
    </Stack>
  );
}

/** What the price list asks for this parcel today. */
export function QuoteCell({ parcel }: { parcel: LogisticsParcel }) {
  if (!parcel.needsInvoice) {
    return (
      <Badge color="gray" c="gray.8" variant="light">
        Счёт не нужен
      </Badge>
    );
  }
  if (parcel.quotedPriceKopecks === null) {
    return (
      <Text size="sm" c="red.9" style={nowrap}>
        Нет тарифа
      </Text>
    );
  }
  return (
    <Text size="sm" style={nowrap}>
      {formatMoney(parcel.quotedPriceKopecks)}
    </Text>
  );
}

/** The delivery invoice: its number and price, paid or for how long not. */
export function InvoiceCell({ parcel }: { parcel: LogisticsParcel }) {
  const { invoice } = parcel;
  if (!invoice) {
    return (
      <Text size="sm" c="dimmed">
        {parcel.needsInvoice ? '—' : 'Счёт не нужен'}
      </Text>
    );
  }
  const isOwnPrice = invoice.listPriceKopecks !== null && invoice.listPriceKopecks !== invoice.priceKopecks;
  const stateColor = invoice.status === 'paid' ? 'teal.9' : invoice.status === 'unpaid' ? '#a63c06' : 'gray.7';
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" style={nowrap}>
        Счёт № {invoice.number} · <b>{formatMoney(invoice.priceKopecks)}</b>
      </Text>
      {isOwnPrice && (
        <Tooltip label={invoice.comment || 'Без комментария'} multiline w={260} disabled={!invoice.comment}>
          <Text size="xs" c="dimmed" style={nowrap}>
            своя цена, по прайсу {formatMoney(invoice.listPriceKopecks!)}
          </Text>
        </Tooltip>
      )}
      <Text size="xs" c={stateColor} fw={500} style={nowrap}>
        {invoiceStateText(invoice)}
      </Text>
      {invoice.status === 'unpaid' && invoice.isInPayment && (
        <Badge size="sm" color="indigo" c="indigo.9" variant="light">
          Оплачивается
        </Badge>
      )}
    </Stack>
  );
}

/** The Boxberry shipment: the track as a link to Boxberry's page, the last status and when it was asked. */
export function ShipmentCell({ parcel }: { parcel: LogisticsParcel }) {
  const { shipment } = parcel;
  if (!shipment) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0} align="flex-start">
      <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
        {shipment.track}
      </Anchor>
      <Text size="xs" title={shipment.statusName ?? undefined}>
        {shipment.statusName ? boxberryStatusTitle(shipment.statusName) : 'Статуса пока нет'}
        {shipment.statusAt ? `, ${formatDate(shipment.statusAt)}` : ''}
      </Text>
      {parcel.lastCheckedAt && (
        <Text size="xs" c="dimmed" style={nowrap}>
          проверено {formatShortDateTime(parcel.lastCheckedAt)}
        </Text>
      )}
    </Stack>
  );
}

/** A line of a phone's parcel card: what it is, then the value. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="xs" c="dimmed" w={92} style={{ flexShrink: 0 }} pt={2}>
        {label}
      </Text>
      <div style={{ minWidth: 0 }}>{children}</div>
    </Group>
  );
}
