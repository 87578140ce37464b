import { Card, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BonusEntry } from '@vmeste/contract';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { useMyBonusHistory } from '../api/get-my-bonus-history';
import { QueryError } from '@/components/query-error';
import { EntryAmount, EntryDescription } from './bonus-entry-parts';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const BONUS_HISTORY_PAGE_SIZE = 20;

/** Every change of the client's bonuses, newest first, page by page: a table, or cards on a phone. */
export function MyBonusHistory() {
  const [page, setPage] = useState(1);
  const history = useMyBonusHistory({ page, pageSize: BONUS_HISTORY_PAGE_SIZE });
  const isNarrow = useIsNarrow();
  const data = history.data;
  const pages = data ? Math.ceil(data.total / BONUS_HISTORY_PAGE_SIZE) : 0;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        История операций
      </Title>
      {history.isError && <QueryError error={history.error} />}
      {!data && !history.isError && <Text c="dimmed">Загрузка…</Text>}
      {data && data.total === 0 && (
        <Paper withBorder radius="md" p="lg" data-testid="bonus-history-empty">
          <Text c="dimmed">
            Операций пока нет. Кешбэк за оплаченные заказы, бонусы за приглашённых друзей и оплаты бонусами появятся здесь.
          </Text>
        </Paper>
      )}
      {data && data.items.length > 0 && (isNarrow ? <HistoryCards entries={data.items} /> : <HistoryTable entries={data.items} />)}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getItemProps={(n) => ({ 'aria-label': `Страница ${n}` })}
          getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница' })}
        />
      )}
    </Stack>
  );
}

function HistoryTable({ entries }: { entries: BonusEntry[] }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="История операций" data-testid="bonus-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Дата</Table.Th>
              <Table.Th>Операция</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Text size="sm">{formatDateTime(entry.at)}</Text>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <EntryDescription entry={entry} />
                </Table.Td>
                <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                  <EntryAmount kopecks={entry.amountKopecks} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function HistoryCards({ entries }: { entries: BonusEntry[] }) {
  return (
    <Stack gap="sm" data-testid="bonus-history">
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
              <EntryAmount kopecks={entry.amountKopecks} size="md" />
            </Group>
            <EntryDescription entry={entry} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
