import { Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OrderLine } from '@vmeste/contract';
import { formatMoney } from '@/lib/format';

/** The lines of an order as a client and staff read them. */
export function OrderLinesTable({ lines }: { lines: OrderLine[] }) {
  // On a phone five columns do not fit: each line becomes a short block instead.
  const isNarrow = useMediaQuery('(max-width: 36em)');
  if (isNarrow) {
    return (
      <Stack gap="xs">
        {lines.map((line) => (
          <Stack key={line.id} gap={0} pb={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={500}>
              {line.product}
            </Text>
            {(line.article || line.options) && (
              <Text size="xs" c="dimmed">
                {[line.article && `Арт. ${line.article}`, line.options].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Group justify="space-between">
              <Text size="sm">
                {line.quantity} × {formatMoney(line.unitPriceKopecks)}
              </Text>
              <Text size="sm" fw={500}>
                {formatMoney(line.totalKopecks)}
              </Text>
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Товар</Table.Th>
            <Table.Th>Параметры</Table.Th>
            <Table.Th ta="right">Кол-во</Table.Th>
            <Table.Th ta="right">Цена</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm">{line.product}</Text>
                {line.article && (
                  <Text size="xs" c="dimmed">
                    Арт. {line.article}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.options || '—'}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.unitPriceKopecks)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.totalKopecks)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
