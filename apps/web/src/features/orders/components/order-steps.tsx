import { Stack, Text, Timeline } from '@mantine/core';
import type { FulfilmentStatus, MyOrderStep } from '@vmeste/contract';
import { formatDate } from '@/lib/format';

export type OrderStepOnPath = { status: Exclude<FulfilmentStatus, 'awaiting_goods'>; title: string; at: string };

const titles: Record<Exclude<FulfilmentStatus, 'awaiting_goods' | 'delivered'>, string> = {
  arrived: 'Поступил на склад',
  packed: 'Упакован',
  ready_for_pickup: 'Готов к выдаче',
  shipped: 'Отправлен',
};

/**
 * The way an order's goods have gone so far, from its steps oldest first: each status reached and
 * when. A correction back (a receiving fixed, a parcel unpacked) takes the later steps off the way,
 * so the client sees where the order is, not the warehouse's corrections. Delivered reads «Выдан»
 * after self-pickup and «Доставлен» after shipping.
 */
export function orderStepsOf(steps: readonly Pick<MyOrderStep, 'toStatus' | 'createdAt'>[]): OrderStepOnPath[] {
  let path: OrderStepOnPath[] = [];
  for (const step of steps) {
    const status = step.toStatus;
    if (status === 'awaiting_goods') {
      path = [];
      continue;
    }
    const reached = path.findIndex((p) => p.status === status);
    if (reached >= 0) {
      path = path.slice(0, reached + 1);
      continue;
    }
    const title = status === 'delivered' ? (path.at(-1)?.status === 'shipped' ? 'Доставлен' : 'Выдан') : titles[status];
    path.push({ status, title, at: step.createdAt });
  }
  return path;
}

/** «Где заказ»: the steps of the order's goods with their dates, for the order's owner. */
export function OrderSteps({ steps }: { steps: readonly MyOrderStep[] }) {
  const path = orderStepsOf(steps);
  if (path.length === 0) return null;
  return (
    <Stack gap={6} data-testid="order-steps">
      <Text size="sm" fw={600}>
        Где заказ
      </Text>
      <Timeline active={path.length - 1} bulletSize={12} lineWidth={2}>
        {path.map((step) => (
          <Timeline.Item key={step.status} title={<Text size="sm">{step.title}</Text>}>
            <Text size="xs" c="dimmed">
              {formatDate(step.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
