import { Button, Group, Stack, Text } from '@mantine/core';
import { type CustomRate, formatPhone } from '@vmeste/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { confirm, escapeHtml } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { runAction } from '@/lib/run-action';
import { useCustomRates } from '../api/get-custom-rates';
import { useSetCustomCashback } from '../api/set-custom-cashback';
import { QueryError } from '@/components/query-error';
import { formatPercent } from './bonus-texts';
import { CustomRateModal } from './custom-rate-modal';
import { SearchInput } from '@/components/search-input';

/** Clients with a cashback percent of their own: found by name or phone, added by phone, changed or removed. */
export function CustomRates() {
  const [q, setQ] = useState('');
  const rates = useCustomRates(q);
  const remove = useSetCustomCashback();
  const [editing, setEditing] = useState<{ rate: CustomRate | null } | null>(null);
  // A phone keeps the percent and the buttons in sight: the phone and the date go under the name.
  const isNarrow = useIsNarrow();

  async function removeRate(rate: CustomRate) {
    const who = `${rate.name || 'клиента'}, ${formatPhone(rate.phone)}`;
    const isConfirmed = await confirm({
      title: 'Убрать индивидуальный кешбэк?',
      messageHtml: `У ${escapeHtml(who)} будет кешбэк по умолчанию для заказов, оплаченных после этого.`,
      confirmLabel: 'Убрать',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await runAction(() => remove.mutateAsync({ body: { phone: rate.phone, percent: null } }), 'Индивидуальный кешбэк убран');
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Индивидуальный процент заменяет кешбэк по умолчанию для заказов, оплаченных после его установки.
      </Text>
      <Group align="flex-end" justify="space-between" gap="md">
        <div style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
          <SearchInput value={q} label="Имя или телефон" placeholder="Например, Иванова или 900 123" onChange={setQ} />
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ rate: null })}>
          Добавить клиента
        </Button>
      </Group>
      {rates.isError && <QueryError error={rates.error} />}
      <BackOfficeTable<CustomRate>
        fetching={rates.isFetching}
        records={rates.data ?? []}
        idAccessor="userId"
        noRecordsText={q ? 'Никого не нашли' : 'Клиентов с индивидуальным кешбэком нет'}
        columns={[
          {
            accessor: 'name',
            title: 'Клиент',
            render: (r) =>
              isNarrow ? (
                <Stack gap={0}>
                  <Text size="sm">{r.name || '—'}</Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(r.phone)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    с {formatDate(r.updatedAt)}
                  </Text>
                </Stack>
              ) : (
                r.name || '—'
              ),
          },
          {
            accessor: 'phone',
            title: 'Телефон',
            hidden: isNarrow,
            render: (r) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatPhone(r.phone)}
              </Text>
            ),
          },
          { accessor: 'percent', title: 'Кешбэк', textAlign: 'right', render: (r) => formatPercent(r.percent) },
          { accessor: 'updatedAt', title: 'Установлен', hidden: isNarrow, render: (r) => formatDate(r.updatedAt) },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (r) => (
              <Group gap={4} justify="flex-end" wrap={isNarrow ? 'wrap' : 'nowrap'}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setEditing({ rate: r })}
                  aria-label={`Изменить: ${r.name || formatPhone(r.phone)}`}
                >
                  Изменить
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => void removeRate(r)}
                  aria-label={`Убрать: ${r.name || formatPhone(r.phone)}`}
                >
                  Убрать
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <CustomRateModal rate={editing?.rate ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
