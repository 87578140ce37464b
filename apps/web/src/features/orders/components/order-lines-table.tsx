import { Box, Group, Stack, Text } from '@mantine/core';
import type { OrderLine } from '@vmeste/contract';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/format';

/** Units of a received line that did not arrive; 0 until the line is received. */
export function missingOf(line: Pick<OrderLine, 'arrivedQuantity' | 'missingQuantity'>): number {
  return line.arrivedQuantity === null ? 0 : line.missingQuantity;
}

/** What was ordered, struck through and grey, before what it is now: `3 2`, `3 000,00 ₽ 2 000,00 ₽`. */
function Changed({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <>
      <Text component="del" inherit c="dimmed" td="line-through" mr={6}>
        {before}
      </Text>
      <Text component="ins" inherit td="none">
        {after}
      </Text>
    </>
  );
}

function MissingNote({ line }: { line: OrderLine }) {
  const missing = missingOf(line);
  if (missing === 0) return null;
  return (
    <Text size="xs" c="red.9" fw={500} data-testid="line-missing">
      Не поступило: {missing} шт.
    </Text>
  );
}

/**
 * The lines of an order as a client and staff read them. A received line that came short shows
 * what did not arrive: the ordered quantity and sum struck through before what is charged now.
 */
export function OrderLinesTable({ lines }: { lines: OrderLine[] }) {
  // On a phone five columns do not fit: each line becomes a short block instead. Both are in the
  // markup and the style sheet picks one, so a page rendered by the server (an order by its link)
  // is right on a phone from its first paint, without a switch after the scripts run.
  return (
    <>
      <LinesAsBlocks lines={lines} />
      <Box visibleFrom="xs">
        <LinesAsTable lines={lines} />
      </Box>
    </>
  );
}

function LinesAsBlocks({ lines }: { lines: OrderLine[] }) {
  return (
    <Stack gap="xs" hiddenFrom="xs" data-testid="order-lines-blocks">
      {lines.map((line) => {
        const missing = missingOf(line);
        const isNothing = missing > 0 && line.arrivedQuantity === 0;
        return (
          <Stack key={line.id} gap={0} pb={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" fw={500} c={isNothing ? 'dimmed' : undefined} td={isNothing ? 'line-through' : undefined}>
              {line.product}
            </Text>
            {(line.article || line.options) && (
              <Text size="xs" c="dimmed">
                {[line.article && `Арт. ${line.article}`, line.options].filter(Boolean).join(' · ')}
              </Text>
            )}
            <MissingNote line={line} />
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">
                {missing > 0 ? <Changed before={line.quantity} after={line.arrivedQuantity} /> : line.quantity} ×{' '}
                {formatMoney(line.unitPriceKopecks)}
              </Text>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {missing > 0 ? (
                  <Changed before={formatMoney(line.quantity * line.unitPriceKopecks)} after={formatMoney(line.totalKopecks)} />
                ) : (
                  formatMoney(line.totalKopecks)
                )}
              </Text>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}

function LinesAsTable({ lines }: { lines: OrderLine[] }) {
  // A plain table, not the UI kit's: see styles.css. It scrolls the browser's own way, so nothing
  // measures itself and renders again right after a server-rendered order page hydrates.
  return (
    <div className="order-lines-scroll">
      <table className="order-lines">
        <thead>
          <tr>
            <th>Товар</th>
            <th>Параметры</th>
            <th className="number">Кол-во</th>
            <th className="number">Цена</th>
            <th className="number">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const missing = missingOf(line);
            const isNothing = missing > 0 && line.arrivedQuantity === 0;
            return (
              <tr key={line.id}>
                <td>
                  <Text size="sm" c={isNothing ? 'dimmed' : undefined} td={isNothing ? 'line-through' : undefined}>
                    {line.product}
                  </Text>
                  {line.article && (
                    <Text size="xs" c="dimmed">
                      Арт. {line.article}
                    </Text>
                  )}
                  <MissingNote line={line} />
                </td>
                <td>{line.options || '—'}</td>
                <td className="number">{missing > 0 ? <Changed before={line.quantity} after={line.arrivedQuantity} /> : line.quantity}</td>
                <td className="number">{formatMoney(line.unitPriceKopecks)}</td>
                <td className="number">
                  {missing > 0 ? (
                    <Changed before={formatMoney(line.quantity * line.unitPriceKopecks)} after={formatMoney(line.totalKopecks)} />
                  ) : (
                    formatMoney(line.totalKopecks)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
