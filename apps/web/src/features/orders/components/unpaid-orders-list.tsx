import { Alert, Card, Checkbox, Group, Loader, Text } from '@mantine/core';
import { plural } from '@vmeste/contract';
import { useState } from 'react';
import { formatMoney } from '@/lib/format';
import { useMyOrders } from '../api/get-my-orders';
import { OrderCard } from './order-card';

/** The client's orders with something due, to pick and pay together. */
export function UnpaidOrdersList() {
  const orders = useMyOrders('unpaid');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = orders.data ?? [];
  const chosen = list.filter((o) => selected.has(o.id));
  const sum = chosen.reduce((s, o) => s + o.dueKopecks, 0);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      {orders.isPending && <Loader aria-label="Загрузка заказов" />}
      {orders.data && list.length === 0 && (
        <Alert color="teal" variant="light">
          Всё оплачено. Новые заказы появятся здесь, когда организатор загрузит закупку, в которой вы участвуете.
        </Alert>
      )}
      {list.length > 0 && (
        <>
          <Group justify="space-between">
            <Checkbox
              label="Выбрать все"
              checked={selected.size === list.length}
              indeterminate={selected.size > 0 && selected.size < list.length}
              onChange={() => setSelected(selected.size === list.length ? new Set() : new Set(list.map((o) => o.id)))}
            />
            <Text size="sm" c="dimmed">
              {list.length} {plural(list.length, 'заказ', 'заказа', 'заказов')} на {formatMoney(list.reduce((s, o) => s + o.dueKopecks, 0))}
            </Text>
          </Group>
          {list.map((order) => (
            <OrderCard
              key={order.id}
              order={order}
              linkToOrder
              selector={
                <Checkbox
                  aria-label={`Выбрать заказ № ${order.number}`}
                  checked={selected.has(order.id)}
                  onChange={() => toggle(order.id)}
                  mt={4}
                />
              }
            />
          ))}
          <Card withBorder radius="md" padding="md" style={{ position: 'sticky', bottom: 16 }}>
            <Text fw={600} data-testid="selected-sum">
              {chosen.length
                ? `Выбрано ${chosen.length} ${plural(chosen.length, 'заказ', 'заказа', 'заказов')} на ${formatMoney(sum)}`
                : 'Отметьте заказы, которые хотите оплатить вместе'}
            </Text>
          </Card>
        </>
      )}
    </>
  );
}
