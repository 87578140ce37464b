import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { PointsSync } from '@vmeste/contract';
import { IconCloudDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast, toastServerError } from '@/lib/toasts';
import { usePointsSync } from '../api/get-points-sync';
import { refreshAfterPointsChange } from '../api/refresh';
import { useStartPointsSync } from '../api/start-points-sync';
import { QueryError } from '@/components/query-error';
import { inCitiesText, ofCitiesText, pointsText } from './logistics-texts';

const statusBadges: Record<PointsSync['status'], { label: string; color: string }> = {
  running: { label: 'Идёт загрузка', color: 'indigo.9' },
  succeeded: { label: 'Загружено', color: 'teal.9' },
  failed: { label: 'Ошибка', color: 'red.9' },
};

/**
 * «Загрузка из Boxberry»: the last load of the points (how it went, when, who started it), a button to
 * load them now, and while a load runs its progress, asked every second. When it ends the points and
 * the cities are fetched again.
 */
export function PointsSyncCard() {
  const sync = usePointsSync();
  const start = useStartPointsSync();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const last = sync.data ?? null;
  const isRunning = last?.status === 'running';

  // A load that was seen running and is now over changed the points: fetch them again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!last) return;
    if (wasRunning.current && last.status !== 'running') {
      void refreshAfterPointsChange(queryClient);
      if (last.status === 'succeeded') toast.success(`Пункты выдачи загружены: ${pointsText(last.pointsCount)}`);
      else toast.error(last.error ? `Загрузка не удалась: ${last.error}` : 'Загрузка не удалась');
    }
    wasRunning.current = last.status === 'running';
  }, [last, queryClient]);

  async function startNow() {
    setNotice(null);
    try {
      await start.mutateAsync();
    } catch (error) {
      if (isApiError(error) && error.statusCode === 409) {
        // One is already running: the query follows that one instead.
        setNotice(error.message || 'Загрузка уже идёт');
        return;
      }
      toastServerError(error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4">
            Загрузка из Boxberry
          </Title>
          <Button
            leftSection={<IconCloudDownload size={18} />}
            onClick={() => void startNow()}
            loading={start.isPending}
            disabled={isRunning}
          >
            Загрузить пункты сейчас
          </Button>
        </Group>
        {sync.isError && <QueryError error={sync.error} />}
        {sync.isSuccess && !last && (
          <Text size="sm" c="dimmed">
            Пункты ещё не загружались. Загрузка идёт и по ночам сама.
          </Text>
        )}
        {last && <SyncState sync={last} />}
        {notice && (
          <Alert color="yellow" variant="light" role="status" withCloseButton closeButtonLabel="Скрыть" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function SyncState({ sync }: { sync: PointsSync }) {
  const badge = statusBadges[sync.status];
  const who = sync.trigger === 'nightly' ? 'по расписанию' : sync.startedByName ? sync.startedByName : 'вручную';
  const hasTotal = sync.citiesTotal > 0;
  const percent = hasTotal ? Math.min(100, Math.round((sync.citiesDone / sync.citiesTotal) * 100)) : 0;
  return (
    <Stack gap={6} data-testid="points-sync">
      <Group gap="sm">
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        <Text size="sm">
          Начата {formatDateTime(sync.startedAt)}, {who}
          {sync.finishedAt ? `; завершена ${formatDateTime(sync.finishedAt)}` : ''}
        </Text>
      </Group>
      {sync.status === 'running' ? (
        <Stack gap={4}>
          <Progress
            value={hasTotal ? percent : 100}
            animated
            striped={!hasTotal}
            aria-label="Ход загрузки пунктов"
            aria-valuetext={hasTotal ? `${sync.citiesDone} из ${sync.citiesTotal}` : 'Получаем список городов'}
          />
          <Text size="sm" c="dimmed" role="status">
            {hasTotal ? `Обработано ${sync.citiesDone} ${ofCitiesText(sync.citiesTotal)}` : 'Получаем список городов…'}
            {sync.pointsCount > 0 ? `, найдено ${pointsText(sync.pointsCount)}` : ''}
          </Text>
        </Stack>
      ) : (
        sync.status === 'succeeded' && (
          <Text size="sm">
            Загружено {pointsText(sync.pointsCount)} {inCitiesText(sync.citiesTotal)}
          </Text>
        )
      )}
      {sync.error && (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{sync.error}</Text>
        </Alert>
      )}
    </Stack>
  );
}
