import { Button, Group } from '@mantine/core';
import { type Parcel, warehouseParcelActions } from '@vmeste/contract';
import { IconCheck, IconPackageExport, IconPackageOff, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { confirm, escapeHtml } from '@/lib/confirm';
import { runAction } from '@/lib/run-action';
import { useMarkParcelReady } from '../api/mark-parcel-ready';
import { useUnpackParcel } from '../api/unpack-parcel';
import { HandOverModal } from './hand-over-modal';
import { LabelsModal } from './labels-modal';
import { ordersText } from './warehouse-texts';

/**
 * What can be done with a parcel: its label, the shelf, the hand-over and taking it apart — only
 * what the server will accept (a Boxberry or courier parcel is not handed over here). Each
 * button names its parcel for screen readers («Выдать: посылка № 12»), as a list has many of them.
 */
export function ParcelActions({
  parcel,
  onUnpacked,
  onHandedOver,
}: {
  parcel: Parcel;
  onUnpacked?: () => void;
  onHandedOver?: () => void;
}) {
  const markReady = useMarkParcelReady();
  const unpack = useUnpackParcel();
  const [isLabelOpen, setLabelOpen] = useState(false);
  const [isHandOverOpen, setHandOverOpen] = useState(false);
  const [pending, setPending] = useState<'ready' | 'unpack' | null>(null);
  const { canMarkReady, canHandOver, canUnpack } = warehouseParcelActions(parcel);
  const of = `посылка № ${parcel.number}`;

  async function run(kind: 'ready' | 'unpack', send: () => Promise<unknown>, message: string): Promise<boolean> {
    setPending(kind);
    const isDone = await runAction(send, message);
    setPending(null);
    return isDone;
  }

  async function askUnpack() {
    const isConfirmed = await confirm({
      title: `Расформировать посылку № ${parcel.number}?`,
      messageHtml: `${escapeHtml(ordersText(parcel.orders))} снова ${parcel.orders.length === 1 ? 'будет' : 'будут'} ждать упаковки, этикетка посылки станет недействительной.`,
      confirmLabel: 'Расформировать',
      isDanger: true,
    });
    if (!isConfirmed) return;
    const isUnpacked = await run(
      'unpack',
      () => unpack.mutateAsync({ params: { id: parcel.id } }),
      `Посылка № ${parcel.number} расформирована: заказы снова ждут упаковки`,
    );
    if (isUnpacked) onUnpacked?.();
  }

  return (
    <>
      <Group gap={6} wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} />}
          aria-label={`Этикетка: ${of}`}
          onClick={() => setLabelOpen(true)}
        >
          Этикетка
        </Button>
        {canMarkReady && (
          <Button
            size="xs"
            color="teal.9"
            leftSection={<IconCheck size={16} />}
            aria-label={`Готово к выдаче: ${of}`}
            loading={pending === 'ready'}
            onClick={() =>
              void run(
                'ready',
                () => markReady.mutateAsync({ params: { id: parcel.id } }),
                `Посылка № ${parcel.number} на полке: клиенту отправлено сообщение`,
              )
            }
          >
            Готово к выдаче
          </Button>
        )}
        {canHandOver && (
          <Button
            size="xs"
            leftSection={<IconPackageExport size={16} />}
            aria-label={`Выдать: ${of}`}
            onClick={() => setHandOverOpen(true)}
          >
            Выдать
          </Button>
        )}
        {canUnpack && (
          <Button
            size="xs"
            variant="default"
            c="red.9"
            leftSection={<IconPackageOff size={16} />}
            aria-label={`Расформировать: ${of}`}
            loading={pending === 'unpack'}
            onClick={() => void askUnpack()}
          >
            Расформировать
          </Button>
        )}
      </Group>
      <LabelsModal parcels={isLabelOpen ? [parcel] : null} onClose={() => setLabelOpen(false)} />
      <HandOverModal parcel={isHandOverOpen ? parcel : null} onClose={() => setHandOverOpen(false)} onHandedOver={onHandedOver} />
    </>
  );
}
