import { Anchor, Badge, Card, Grid, Group, Paper, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { type AdminPoint, pointAddressOf } from '@vmeste/contract';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { toastServerError } from '@/lib/toasts';
import { useAdminCities } from '../api/get-admin-cities';
import { usePoints } from '../api/get-points';
import { useSetPointEnabled } from '../api/set-point-enabled';
import { QueryError } from '@/components/query-error';
import { cityOptionLabel, pointsText } from './logistics-texts';
import { Pager } from './pager';
import { SearchInput } from '@/components/search-input';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const POINTS_PAGE_SIZE = 50;

type EnabledFilter = 'all' | 'on' | 'off';
const enabledFilters: { value: EnabledFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'on', label: 'Включённые' },
  { value: 'off', label: 'Выключенные' },
];
const enabledOf = (value: string | null): EnabledFilter => enabledFilters.find((f) => f.value === value)?.value ?? 'all';

/**
 * «ПВЗ Boxberry»: the points loaded from Boxberry by city (`?city=`), text (`?q=`) and state
 * (`?enabled=`), page by page; each can be switched off for the shop's clients.
 */
export function PickupPointsDesk() {
  const [params, setParams] = useSearchParams();
  const cityCode = params.get('city') ?? '';
  const q = params.get('q')?.trim() ?? '';
  const enabled = enabledOf(params.get('enabled'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cities = useAdminCities();
  const points = usePoints({ cityCode, q, enabled, page, pageSize: POINTS_PAGE_SIZE });
  const isNarrow = useIsNarrow();

  const setView = (changes: { city?: string | null; q?: string; enabled?: EnabledFilter; page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      const put = (key: string, value: string | null | undefined, empty: string) => {
        if (value === undefined) return;
        if (value && value !== empty) next.set(key, value);
        else next.delete(key);
      };
      put('city', changes.city, '');
      put('q', changes.q, '');
      put('enabled', changes.enabled, 'all');
      if (changes.page !== undefined && changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
      return next;
    });

  const cityOptions = (cities.data ?? []).map((c) => ({ value: c.code, label: cityOptionLabel(c) }));
  const data = points.data;
  const noRecordsText = q || cityCode || enabled !== 'all' ? 'По этим условиям пунктов нет' : 'Пунктов пока нет: загрузите их из Boxberry';
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Select
              label="Город"
              placeholder={cities.isLoading ? 'Загрузка…' : 'Все города'}
              data={cityOptions}
              value={cityCode || null}
              onChange={(code) => setView({ city: code })}
              searchable
              clearable
              nothingFoundMessage="Такого города нет"
              limit={100}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SearchInput label="Адрес или название" placeholder="Например, Тверская" value={q} onChange={(text) => setView({ q: text })} />
          </Grid.Col>
          <Grid.Col span={12}>
            <SegmentedControl
              fullWidth={isNarrow}
              aria-label="Показывать пункты"
              data={enabledFilters}
              value={enabled}
              onChange={(value) => setView({ enabled: enabledOf(value) })}
            />
          </Grid.Col>
        </Grid>
      </Card>
      {points.isError && <QueryError error={points.error} />}
      <Text size="sm" c="dimmed">
        {data ? `Найдено: ${pointsText(data.total)}` : 'Загрузка…'}
      </Text>
      {isNarrow ? (
        <Stack gap="sm">
          {data && data.items.length === 0 && <Text c="dimmed">{noRecordsText}</Text>}
          {data?.items.map((p) => (
            <PointCard key={p.code} point={p} />
          ))}
          {data && <Pager total={data.total} pageSize={POINTS_PAGE_SIZE} page={page} onChange={(next) => setView({ page: next })} />}
        </Stack>
      ) : (
        <BackOfficeTable<AdminPoint>
          minHeight={200}
          fetching={points.isFetching}
          records={data?.items ?? []}
          totalRecords={data?.total ?? 0}
          recordsPerPage={POINTS_PAGE_SIZE}
          page={page}
          onPageChange={(next) => setView({ page: next })}
          noRecordsText={noRecordsText}
          idAccessor="code"
          columns={[
            {
              accessor: 'code',
              title: 'Код',
              render: (p) => (
                <Text size="sm" ff="monospace">
                  {p.code}
                </Text>
              ),
            },
            {
              accessor: 'name',
              title: 'Пункт',
              render: (p) => (
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{p.name}</Text>
                  <PointBadges point={p} />
                </Stack>
              ),
            },
            {
              accessor: 'address',
              title: 'Адрес',
              render: (p) => (
                <Stack gap={0}>
                  <Text size="sm">{pointAddressOf(p)}</Text>
                  <MapLink point={p} />
                </Stack>
              ),
            },
            { accessor: 'workSchedule', title: 'Часы работы', render: (p) => <Text size="sm">{p.workSchedule || '—'}</Text> },
            { accessor: 'isEnabled', title: 'Для клиентов', render: (p) => <EnabledSwitch point={p} /> },
          ]}
        />
      )}
    </Stack>
  );
}

function PointBadges({ point }: { point: AdminPoint }) {
  if (!point.isPostamat && !point.onlyPrepaidOrders) return null;
  return (
    <Group gap={4}>
      {point.isPostamat && (
        <Badge size="sm" variant="light" color="grape" c="grape.9">
          Постамат
        </Badge>
      )}
      {point.onlyPrepaidOrders && (
        <Badge size="sm" variant="light" color="gray" c="gray.8">
          Только предоплата
        </Badge>
      )}
    </Group>
  );
}

function MapLink({ point }: { point: AdminPoint }) {
  return (
    <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="xs" aria-label={`На карте: ${point.name}`}>
      На карте
    </Anchor>
  );
}

/** The point's switch for the shop's clients: it moves at once and back if the server refuses. */
function EnabledSwitch({ point }: { point: AdminPoint }) {
  const setEnabled = useSetPointEnabled();
  const [isBusy, setBusy] = useState(false);
  async function change(isEnabled: boolean) {
    setBusy(true);
    try {
      await setEnabled.mutateAsync({ params: { code: point.code }, body: { isEnabled } });
    } catch (error) {
      toastServerError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Switch
      checked={point.isEnabled}
      onChange={(event) => void change(event.currentTarget.checked)}
      disabled={isBusy}
      label={point.isEnabled ? 'Включён' : 'Выключен'}
      aria-label={`Для клиентов: ${point.name}, ${pointAddressOf(point)}`}
    />
  );
}

function PointCard({ point }: { point: AdminPoint }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`point-${point.code}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {point.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              Код {point.code}
            </Text>
          </Stack>
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
        </Group>
        <PointBadges point={point} />
        <Text size="sm">{pointAddressOf(point)}</Text>
        {point.workSchedule && (
          <Text size="xs" c="dimmed">
            {point.workSchedule}
          </Text>
        )}
        <Group justify="space-between" align="center">
          <MapLink point={point} />
          <EnabledSwitch point={point} />
        </Group>
      </Stack>
    </Paper>
  );
}
