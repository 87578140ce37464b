import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type LogisticsParcel, shippedDeliveryKinds } from '@vmeste/contract';
import { IconFileOff, IconRefresh, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm, escapeHtml } from '@/lib/confirm';
import { toast, toastServerError } from '@/lib/toasts';
import { useCancelInvoice } from '../api/cancel-invoice';
import { useRefreshTracking } from '../api/refresh-tracking';
import { useShipParcel } from '../api/ship-parcel';
import { errorText } from './logistics-texts';

type Pending = 'ship' | 'refresh' | 'cancel';

/** Whether a parcel of a stage has anything to do in its row. */
export function hasParcelActions(parcel: LogisticsParcel): boolean {
  return parcelActionsOf(parcel).length > 0;
}

function parcelActionsOf(parcel: LogisticsParcel): Pending[] {
  const actions: Pending[] = [];
  if (parcel.invoice?.status === 'unpaid') actions.push('cancel');
  if (parcel.status === 'paid' && !parcel.shipment && shippedDeliveryKinds.includes(parcel.kind)) actions.push('ship');
  if (parcel.shipment && parcel.status !== 'delivered') actions.push('refresh');
  return actions;
}

/**
 * What can be done with a parcel in its row: cancel its unpaid invoice, ship it through Boxberry,
 * ask Boxberry for its status. Boxberry may take seconds, so the button shows it is busy; its refusal
 * stays in the row (and comes as a toast), where the logistician sees which parcel it was about.
 */
export function LogisticsParcelActions({ parcel, onShipped }: { parcel: LogisticsParcel; onShipped?: (shipped: LogisticsParcel) => void }) {
  const ship = useShipParcel();
  const refresh = useRefreshTracking();
  const cancel = useCancelInvoice();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = parcelActionsOf(parcel);
  const of = `посылка № ${parcel.number}`;

  async function run<T>(kind: Pending, send: () => Promise<T>, onDone: (result: T) => void) {
    setPending(kind);
    setError(null);
    try {
      onDone(await send());
    } catch (failure) {
      setError(errorText(failure));
      toastServerError(failure, { isShownInline: true });
    } finally {
      setPending(null);
    }
  }

  function shipNow() {
    void run(
      'ship',
      () => ship.mutateAsync({ params: { id: parcel.id } }),
      (shipped) => {
        const track = shipped.shipment?.track;
        toast.success(track ? `Посылка № ${parcel.number} отправлена, трек-номер ${track}` : `Посылка № ${parcel.number} отправлена`);
        onShipped?.(shipped);
      },
    );
  }

  function refreshNow() {
    const before = parcel.shipment?.statusName ?? null;
    void run(
      'refresh',
      () => refresh.mutateAsync({ params: { id: parcel.id } }),
      (fresh) => {
        const now = fresh.shipment?.statusName ?? null;
        if (!now) toast.info(`Посылка № ${parcel.number}: Boxberry пока не сообщил статус`);
        else if (now === before) toast.info(`Посылка № ${parcel.number}: статус не изменился — «${now}»`);
        else toast.success(`Посылка № ${parcel.number}: новый статус — «${now}»`);
      },
    );
  }

  async function askCancel() {
    const invoice = parcel.invoice;
    if (!invoice) return;
    const isConfirmed = await confirm({
      title: `Отменить счёт № ${invoice.number}?`,
      messageHtml: `Счёт за доставку посылки № ${parcel.number} (${escapeHtml(parcel.clientName || 'клиент без имени')}) будет отменён, посылка снова будет ждать счёта.`,
      confirmLabel: 'Отменить счёт',
      cancelLabel: 'Не отменять',
      isDanger: true,
    });
    if (!isConfirmed) return;
    void run(
      'cancel',
      () => cancel.mutateAsync({ params: { id: invoice.id } }),
      () => toast.success(`Счёт № ${invoice.number} отменён: посылка № ${parcel.number} снова ждёт счёта`),
    );
  }

  if (actions.length === 0) return null;
  return (
    <Stack gap={6} maw={320}>
      <Group gap={6} wrap="wrap">
        {actions.includes('ship') && (
          <Button
            size="xs"
            leftSection={<IconTruckDelivery size={16} />}
            aria-label={`Отправить: ${of}`}
            loading={pending === 'ship'}
            disabled={pending !== null && pending !== 'ship'}
            onClick={shipNow}
          >
            Отправить
          </Button>
        )}
        {actions.includes('refresh') && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={16} />}
            aria-label={`Обновить статус: ${of}`}
            loading={pending === 'refresh'}
            disabled={pending !== null && pending !== 'refresh'}
            onClick={refreshNow}
          >
            Обновить статус
          </Button>
        )}
        {actions.includes('cancel') && (
          <Button
            size="xs"
            variant="default"
            c="red.9"
            leftSection={<IconFileOff size={16} />}
            aria-label={`Отменить счёт: ${of}`}
            loading={pending === 'cancel'}
            disabled={pending !== null && pending !== 'cancel'}
            onClick={() => void askCancel()}
          >
            Отменить счёт
          </Button>
        )}
      </Group>
      {pending === 'ship' && (
        <Text size="xs" c="dimmed" role="status">
          Создаём отправление в Boxberry…
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" p="xs" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Скрыть">
          <Text size="xs">{error}</Text>
        </Alert>
      )}
    </Stack>
  );
}
