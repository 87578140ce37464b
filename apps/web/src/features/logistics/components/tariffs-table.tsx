import { Table, Text } from '@mantine/core';
import { deliveryKinds, deliveryKindTitles, formatMoney, type Tariff } from '@vmeste/contract';
import { Fragment } from 'react';
import { formatBand } from './logistics-texts';

/** Tariffs by delivery kind, each kind's weight bands from the lightest. */
export function TariffsTable({ tariffs, label }: { tariffs: readonly Tariff[]; label: string }) {
  const groups = deliveryKinds
    .map((kind) => ({ kind, bands: tariffs.filter((t) => t.kind === kind).sort((a, b) => a.fromGrams - b.fromGrams) }))
    .filter((g) => g.bands.length > 0);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Тарифов нет
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} fz="sm" aria-label={label} maw={520} withRowBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Вес</Table.Th>
          <Table.Th ta="right">Цена</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map(({ kind, bands }) => (
          <Fragment key={kind}>
            <Table.Tr bg="gray.1">
              <Table.Th colSpan={2} scope="rowgroup">
                {deliveryKindTitles[kind]}
              </Table.Th>
            </Table.Tr>
            {bands.map((t) => (
              <Table.Tr key={`${t.kind}-${t.fromGrams}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBand(t.fromGrams, t.toGrams)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t.priceKopecks === 0 ? 'Бесплатно' : formatMoney(t.priceKopecks)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}
