import { Badge, Stack, Switch, Text } from '@mantine/core';
import { type BonusUploadRow, formatPhone } from '@vmeste/contract';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { EntryAmount } from './bonus-entry-parts';

const PAGE_SIZE = 50;

/**
 * Every row of a checked file as it was read, with its error in red; paged here, since a file may
 * hold thousands of rows, and with the errors alone a switch away.
 */
export function BonusUploadPreviewTable({ rows, hasErrors }: { rows: BonusUploadRow[]; hasErrors: boolean }) {
  const [isOnlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const shown = isOnlyErrors ? rows.filter((r) => r.error) : rows;
  // A phone shows three columns: the client, the comment and the error go under the phone.
  const isNarrow = useIsNarrow();
  return (
    <>
      {hasErrors && (
        <Switch
          label="Только строки с ошибками"
          checked={isOnlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.currentTarget.checked);
            setPage(1);
          }}
        />
      )}
      <BackOfficeTable<BonusUploadRow>
        records={shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        totalRecords={shown.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        idAccessor="line"
        noRecordsText="В файле нет строк"
        rowBackgroundColor={(row) => (row.error ? 'var(--mantine-color-red-0)' : undefined)}
        columns={[
          {
            accessor: 'line',
            title: isNarrow ? '№' : 'Строка',
            textAlign: 'right',
            width: isNarrow ? 44 : 80,
            render: (row) => (
              <Stack gap={2} align="flex-end">
                {row.line}
                {row.duplicateOf !== null && (
                  <Badge size="xs" color="orange" variant="light" title={`Повторяет строку ${row.duplicateOf}`} data-testid="row-duplicate">
                    повтор
                  </Badge>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'phone',
            title: 'Телефон',
            render: (row) => (
              <Stack gap={2}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {row.phone ? formatPhone(row.phone) : '—'}
                </Text>
                {isNarrow && (
                  <>
                    {row.clientName && <Text size="xs">{row.clientName}</Text>}
                    {row.comment && (
                      <Text size="xs" c="dimmed">
                        «{row.comment}»
                      </Text>
                    )}
                    <RowError error={row.error} />
                  </>
                )}
              </Stack>
            ),
          },
          { accessor: 'clientName', title: 'Клиент', hidden: isNarrow, render: (row) => row.clientName ?? '—' },
          {
            accessor: 'amountKopecks',
            title: 'Сумма',
            textAlign: 'right',
            render: (row) => (row.amountKopecks === null ? '—' : <EntryAmount kopecks={row.amountKopecks} />),
          },
          { accessor: 'comment', title: 'Комментарий', hidden: isNarrow, render: (row) => row.comment || '—' },
          { accessor: 'error', title: 'Ошибка', hidden: isNarrow, render: (row) => <RowError error={row.error} /> },
        ]}
      />
    </>
  );
}

function RowError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Text size="sm" c="red.9" data-testid="row-error">
      {error}
    </Text>
  );
}
