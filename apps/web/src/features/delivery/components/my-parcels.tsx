import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  boxberryStatusTitle,
  type ClientParcel,
  type DeliveryInvoice,
  deliveryKindTitles,
  formatMoney,
  invoiceStatusTitles,
  parcelStatusTitles,
  type Shipment,
} from '@vmeste/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { ATTENTION_COLOR } from '@/config/colors';
import { useState } from 'react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import { formatDateTime } from '@/lib/format';
import { useMyParcels } from '../api/get-my-parcels';
import { ChangeParcelMethodModal } from './change-parcel-method-modal';
import { formatWeight, orderNumbersText, recipientText } from './delivery-texts';

/** «Мои посылки»: each parcel with where it goes, its delivery invoice and its tracking. */
export function MyParcels() {
  const parcels = useMyParcels();
  const [changing, setChanging] = useState<ClientParcel | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Мои посылки
      </Title>
      {parcels.isPending ? (
        <Loader role="status" aria-label="Загрузка посылок" />
      ) : parcels.isError ? (
        <Alert color="red" variant="light">
          Не удалось загрузить посылки. Обновите страницу.
        </Alert>
      ) : parcels.data.length === 0 ? (
        <Text c="dimmed" data-testid="no-parcels">
          Посылок пока нет. Когда заказы придут на склад, мы упакуем их в посылку — она появится здесь, а счёт за доставку придёт
          сообщением.
        </Text>
      ) : (
        parcels.data.map((parcel) => <ParcelCard key={parcel.id} parcel={parcel} onChangeMethod={setChanging} />)
      )}
      <ChangeParcelMethodModal parcel={changing} onClose={() => setChanging(null)} />
    </Stack>
  );
}

function ParcelCard({ parcel, onChangeMethod }: { parcel: ClientParcel; onChangeMethod: (parcel: ClientParcel) => void }) {
  const { invoice, shipment } = parcel;
  return (
    <Card withBorder radius="md" padding="md" data-testid="parcel-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>Посылка № {parcel.number}</Text>
          <Badge variant="light" color={parcel.status === 'delivered' ? 'teal.9' : 'blue.9'} style={{ maxWidth: '100%' }}>
            {parcelStatusTitles[parcel.status]}
          </Badge>
        </Group>
        <Stack gap={2}>
          <Text size="sm">
            <Text span fw={500} inherit>
              {deliveryKindTitles[parcel.kind]}:
            </Text>{' '}
            {parcel.destination}
          </Text>
          <Text size="sm" c="dimmed">
            Получатель: {recipientText(parcel.recipient)}
          </Text>
          <Text size="sm" c="dimmed">
            {[orderNumbersText(parcel.orderNumbers), formatWeight(parcel.weightGrams)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {invoice && invoice.status !== 'canceled' ? (
          <InvoiceLine invoice={invoice} />
        ) : (
          parcel.status === 'packed' &&
          parcel.kind !== 'pickup' && (
            <Text size="sm" c="dimmed">
              Счёт за доставку пока не выставлен: пришлём сообщение, когда он появится.
            </Text>
          )
        )}
        {shipment && <ShipmentLine shipment={shipment} />}
        {parcel.canChangeMethod && (
          <Group>
            <Button size="xs" variant="default" onClick={() => onChangeMethod(parcel)}>
              Изменить способ доставки
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function InvoiceLine({ invoice }: { invoice: DeliveryInvoice }) {
  const isDue = invoice.status === 'unpaid' && invoice.dueKopecks > 0;
  return (
    <Group justify="space-between" gap="xs" data-testid="parcel-invoice">
      <Group gap="xs">
        <Text size="sm">
          Счёт за доставку № {invoice.number} —{' '}
          <Text span fw={600} inherit style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(invoice.priceKopecks)}
          </Text>
        </Text>
        {invoice.isInPayment && isDue ? (
          <Badge variant="light" color="indigo.9">
            В оплате
          </Badge>
        ) : (
          <Badge variant="light" color={invoice.status === 'paid' ? 'teal.9' : ATTENTION_COLOR}>
            {invoiceStatusTitles[invoice.status]}
          </Badge>
        )}
      </Group>
      {isDue && !invoice.isInPayment && (
        <Button component={Link} to={routes.PersonalUnpaidOrders.path} size="xs">
          Оплатить
        </Button>
      )}
    </Group>
  );
}

function ShipmentLine({ shipment }: { shipment: Shipment }) {
  return (
    <Stack gap={2} data-testid="parcel-shipment">
      <Group gap="xs">
        <Text size="sm">
          Трек-номер:{' '}
          <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
            {shipment.track}
          </Text>
        </Text>
        <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" size="sm">
          Отследить <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'text-bottom' }} />
        </Anchor>
      </Group>
      {shipment.statusName && (
        <Text size="sm" c="dimmed">
          {boxberryStatusTitle(shipment.statusName)}
          {shipment.statusAt ? `, ${formatDateTime(shipment.statusAt)}` : ''}
        </Text>
      )}
    </Stack>
  );
}
