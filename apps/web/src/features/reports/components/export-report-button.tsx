import { Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import type { DownloadProgress } from '@/lib/api-client';
import { downloadAs } from '@/lib/download-as';
import { formatBytes, formatCalendarDate } from '@/lib/format';
import type { ClientsReportFilterQuery } from '../api/keys';
import { useExportClientsReport } from '../api/export-clients-report';

/** `Отчёт по клиентам.xlsx`, or with the period: `Отчёт по клиентам 01.05.2026–31.05.2026.xlsx`. */
export function reportFileNameOf(query: ClientsReportFilterQuery): string {
  if (!query.from && !query.to) return 'Отчёт по клиентам.xlsx';
  const from = query.from ? formatCalendarDate(query.from) : '…';
  const to = query.to ? formatCalendarDate(query.to) : '…';
  return `Отчёт по клиентам ${from}–${to}.xlsx`;
}

/**
 * «Выгрузить в Excel»: every filtered client in the order of the table. The server streams the file,
 * so a long export shows how much has come.
 */
export function ExportReportButton({ query }: { query: ClientsReportFilterQuery }) {
  const exportReport = useExportClientsReport();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  async function download() {
    setProgress({ receivedBytes: 0, totalBytes: null });
    await downloadAs(() => exportReport.mutateAsync({ query, onProgress: setProgress }), reportFileNameOf(query));
    setProgress(null);
  }

  const percent = progress?.totalBytes ? Math.min(100, Math.round((progress.receivedBytes / progress.totalBytes) * 100)) : null;
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {progress && (
        <Stack gap={2} miw={140} data-testid="export-progress" role="status" aria-live="polite">
          {percent === null ? (
            <Group gap={6} wrap="nowrap">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {progress.receivedBytes === 0 ? 'Готовим файл…' : `Получено ${formatBytes(progress.receivedBytes)}`}
              </Text>
            </Group>
          ) : (
            <>
              <Progress value={percent} aria-label="Загрузка файла" />
              <Text size="xs" c="dimmed">
                Получено {formatBytes(progress.receivedBytes)} из {formatBytes(progress.totalBytes ?? 0)}
              </Text>
            </>
          )}
        </Stack>
      )}
      <Button leftSection={<IconFileSpreadsheet size={18} />} loading={progress !== null} onClick={() => void download()}>
        Выгрузить в Excel
      </Button>
    </Group>
  );
}
