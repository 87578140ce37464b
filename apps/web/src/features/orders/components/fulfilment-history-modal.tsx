import { Alert, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { type FulfilmentEvent, fulfilmentStatusTitles } from '@vmeste/contract';
import { formatDateTime } from '@/lib/format';
import { useFulfilmentHistory } from '../api/get-fulfilment-history';

/** «Ожидает поступления → На складе»: one step of an order's goods in words. */
export function fulfilmentStepOf(event: Pick<FulfilmentEvent, 'fromStatus' | 'toStatus'>): string {
  return `${fulfilmentStatusTitles[event.fromStatus]} → ${fulfilmentStatusTitles[event.toStatus]}`;
}

/** Who and when, in Moscow time: «Ирина Кладовщикова · 22.11.2026, 14:05». */
export function fulfilmentWhoWhenOf(event: Pick<FulfilmentEvent, 'actorName' | 'createdAt'>): string {
  return `${event.actorName ?? 'Система'} · ${formatDateTime(event.createdAt)}`;
}

/** The movement of an order's goods for the admin: each step with who made it and when. */
export function FulfilmentHistoryModal({ order, onClose }: { order: { id: string; number: number } | null; onClose: () => void }) {
  const history = useFulfilmentHistory(order?.id ?? null);
  return (
    <Modal opened={Boolean(order)} onClose={onClose} title={order ? `Движение заказа № ${order.number}` : ''} centered>
      {history.isLoading && <Loader role="status" aria-label="Загрузка истории заказа" />}
      {history.isError && (
        <Alert color="red" variant="light">
          Не удалось загрузить историю заказа. Попробуйте ещё раз.
        </Alert>
      )}
      {history.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          Товары заказа ещё не двигались: заказ ждёт поступления на склад.
        </Text>
      )}
      {history.data && history.data.length > 0 && (
        <Timeline active={history.data.length - 1} bulletSize={14} lineWidth={2} data-testid="fulfilment-history">
          {history.data.map((event, index) => (
            <Timeline.Item key={`${event.createdAt}-${index}`} title={fulfilmentStepOf(event)}>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  {fulfilmentWhoWhenOf(event)}
                </Text>
                {event.note && <Text size="xs">{event.note}</Text>}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
}
