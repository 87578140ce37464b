import { Stack, Text, Title } from '@mantine/core';
import { type BonusSettings, cashbackMomentTitles } from '@vmeste/contract';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDateTime } from '@/lib/format';
import { daysText, formatPercent } from './bonus-texts';

/** Every version of the settings, newest first: from when, who saved it, and its values; last, the defaults the shop opened with. */
export function BonusSettingsHistory({ history }: { history: BonusSettings[] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        История изменений
      </Title>
      <BackOfficeTable<BonusSettings>
        records={history}
        idAccessor={(s) => s.since ?? 'opening'}
        minHeight={history.length ? 0 : 120}
        noRecordsText="Настройки ещё не менялись"
        columns={[
          {
            accessor: 'since',
            title: 'Действуют с',
            render: (s) => <Text size="sm">{s.since ? formatDateTime(s.since) : 'открытия магазина'}</Text>,
          },
          { accessor: 'changedBy', title: 'Кто изменил', render: (s) => s.changedBy ?? (s.since ? '—' : 'исходные настройки') },
          { accessor: 'defaultPercent', title: 'Кешбэк', textAlign: 'right', render: (s) => formatPercent(s.defaultPercent) },
          { accessor: 'referralPercent', title: 'За друга', textAlign: 'right', render: (s) => formatPercent(s.referralPercent) },
          {
            accessor: 'spendCapPercent',
            title: 'Оплата бонусами',
            textAlign: 'right',
            render: (s) => `до ${formatPercent(s.spendCapPercent)}`,
          },
          { accessor: 'creditOn', title: 'Начисление', render: (s) => cashbackMomentTitles[s.creditOn] },
          {
            accessor: 'expiryDays',
            title: 'Срок жизни',
            render: (s) => (s.expiryDays === null ? 'не сгорают' : daysText(s.expiryDays)),
          },
        ]}
      />
    </Stack>
  );
}
