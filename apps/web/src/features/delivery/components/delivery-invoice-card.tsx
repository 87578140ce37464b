import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { type DeliveryInvoice, deliveryKindTitles, formatMoney } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { formatWeight, orderNumbersText } from './delivery-texts';

type Props = { invoice: DeliveryInvoice; selector?: ReactNode };

/** A delivery invoice among what the client pays: the parcel, where it goes, its weight and what is due. */
export function DeliveryInvoiceCard({ invoice, selector }: Props) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="delivery-invoice">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          {selector}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700}>
              Счёт № {invoice.number} · посылка № {invoice.parcelNumber}
            </Text>
            <Text size="sm">
              {deliveryKindTitles[invoice.kind]}: {invoice.destination}
            </Text>
            <Text size="sm" c="dimmed">
              {[orderNumbersText(invoice.orderNumbers), formatWeight(invoice.weightGrams)].filter(Boolean).join(' · ')}
            </Text>
            {invoice.comment && (
              <Text size="sm" c="dimmed">
                {invoice.comment}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap={4} align="flex-end">
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(invoice.dueKopecks)}
          </Text>
          {invoice.isInPayment && (
            <Badge variant="light" color="indigo">
              В оплате
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
