import { Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney, type WarehouseOrder } from '@vmeste/contract';
import { ScrollTable } from './scroll-table';
import { FulfilmentStatusBadge } from './warehouse-badges';
import { unitsText } from './warehouse-texts';

/** What stands in the way of packing, or where the order already is. */
function PackingNote({ order }: { order: WarehouseOrder }) {
  if (order.isPackable) {
    return (
      <Text size="sm" c="teal.9" fw={500}>
        Можно упаковать
      </Text>
    );
  }
  if (order.parcelNumber !== null) return <Text size="sm">В посылке № {order.parcelNumber}</Text>;
  if (order.notPackableReason) {
    return (
      <Text size="sm" c="red.9" fw={500}>
        {order.notPackableReason}
      </Text>
    );
  }
  if (order.dueKopecks > 0) return <Text size="sm">К оплате {formatMoney(order.dueKopecks)}</Text>;
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

function OrderUnits({ order }: { order: WarehouseOrder }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        Поступило {order.arrivedUnitsCount} из {unitsText(order.unitsCount)}
      </Text>
      {order.missingUnitsCount > 0 && (
        <Text size="xs" c="red.9" style={{ whiteSpace: 'nowrap' }}>
          Не поступило {unitsText(order.missingUnitsCount)}
        </Text>
      )}
    </Stack>
  );
}

function OrderPacking({ order }: { order: WarehouseOrder }) {
  return (
    <Stack gap={0}>
      <PackingNote order={order} />
      {order.refundDueKopecks > 0 && (
        <Text size="xs" c="#a63c06" fw={500}>
          К возврату {formatMoney(order.refundDueKopecks)}
        </Text>
      )}
    </Stack>
  );
}

function OrderTitle({ order }: { order: WarehouseOrder }) {
  return (
    <div>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        № {order.number}
      </Text>
      <Text size="xs" c="dimmed">
        {order.purchaseTitle}
      </Text>
    </div>
  );
}

const HIGHLIGHT = 'yellow.0';

/**
 * The client's orders at the warehouse: where each one's goods are and whether it can go into a
 * parcel. A table on a wide screen; on a phone each order is a short block, read top to bottom.
 */
export function ClientOrdersTable({
  orders,
  highlightedNumber,
  isNarrow,
}: {
  orders: WarehouseOrder[];
  highlightedNumber: number | null;
  isNarrow: boolean;
}) {
  if (isNarrow) {
    return (
      <Stack gap={0}>
        {orders.map((o) => (
          <Stack
            key={o.id}
            gap={6}
            py="xs"
            px={4}
            bg={o.number === highlightedNumber ? HIGHLIGHT : undefined}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <OrderTitle order={o} />
              <FulfilmentStatusBadge status={o.fulfilmentStatus} />
            </Group>
            <Group justify="space-between" align="flex-start" gap="xs">
              <OrderUnits order={o} />
              <OrderPacking order={o} />
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollTable label="Заказы клиента" minWidth={640}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Заказ</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Товары</Table.Th>
            <Table.Th>Упаковка</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id} bg={o.number === highlightedNumber ? HIGHLIGHT : undefined}>
              <Table.Td>
                <OrderTitle order={o} />
              </Table.Td>
              <Table.Td>
                <FulfilmentStatusBadge status={o.fulfilmentStatus} />
              </Table.Td>
              <Table.Td>
                <OrderUnits order={o} />
              </Table.Td>
              <Table.Td>
                <OrderPacking order={o} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
