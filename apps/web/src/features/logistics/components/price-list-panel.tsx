import { Alert, Anchor, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import type { PriceListVersion } from '@vmeste/contract';
import { IconChevronDown, IconChevronUp, IconDownload, IconEdit, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadAs } from '@/lib/download-as';
import { formatDate } from '@/lib/format';
import { useExportPriceList } from '../api/export-price-list';
import { usePriceList } from '../api/get-price-list';
import { QueryFallback } from '@/components/query-error';
import { formatDay, tariffsText } from './logistics-texts';
import { PriceListEditorModal } from './price-list-editor';
import { PriceListImportModal } from './price-list-import-modal';
import { TariffsTable } from './tariffs-table';
import { useIsNarrow } from '@/lib/use-is-narrow';

/** `Прайс-лист доставки с 01.04.2026.xlsx`. */
export const priceListFileName = (appliesFrom: string) => `Прайс-лист доставки с ${formatDay(appliesFrom)}.xlsx`;

/**
 * «Прайс-лист»: the version in force by delivery kind and weight, those saved for later, the earlier
 * ones folded away; a new version is made in the editor or read from XLSX, and any version downloads.
 */
export function PriceListPanel() {
  const priceList = usePriceList();
  const exportPriceList = useExportPriceList();
  const isNarrow = useIsNarrow();
  const [isEditing, setEditing] = useState(false);
  const [isImporting, setImporting] = useState(false);
  const [isPastOpen, setPastOpen] = useState(false);
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  async function download(version: { id: string; appliesFrom: string }) {
    setDownloadingId(version.id);
    await downloadAs(() => exportPriceList.mutateAsync({ query: { versionId: version.id } }), priceListFileName(version.appliesFrom));
    setDownloadingId(null);
  }

  const data = priceList.data;
  if (priceList.isError || !data) return <QueryFallback query={priceList} skeletonHeight={360} />;
  const { current, upcoming, past } = data;
  const base = current ?? upcoming[upcoming.length - 1] ?? null;

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Button leftSection={<IconEdit size={18} />} onClick={() => setEditing(true)}>
          {base ? 'Изменить' : 'Составить прайс-лист'}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          disabled={!current}
          loading={current !== null && downloadingId === current.id}
          onClick={() => current && void download(current)}
        >
          Скачать XLSX
        </Button>
        <Button variant="light" leftSection={<IconUpload size={18} />} onClick={() => setImporting(true)}>
          Загрузить из XLSX
        </Button>
      </Group>

      {current ? (
        <VersionCard title={`Действует с ${formatDay(current.appliesFrom)}`} version={current} />
      ) : (
        <Alert color="orange" variant="light" data-testid="no-price-list">
          Действующего прайс-листа нет: счета за доставку можно выставить только со своей ценой.
        </Alert>
      )}

      {upcoming.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Будущие версии
          </Title>
          {upcoming.map((v) => (
            <VersionCard
              key={v.id}
              title={`Начнёт действовать ${formatDay(v.appliesFrom)}`}
              version={v}
              onDownload={() => void download(v)}
              isDownloading={downloadingId === v.id}
            />
          ))}
        </Stack>
      )}

      {past.length > 0 && (
        <Stack gap="xs">
          <Group>
            <Button
              variant="subtle"
              px={0}
              rightSection={isPastOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              onClick={() => setPastOpen((was) => !was)}
              aria-expanded={isPastOpen}
            >
              Прошлые версии ({past.length})
            </Button>
          </Group>
          <Collapse expanded={isPastOpen}>
            <Stack gap={6} data-testid="past-versions">
              {past.map((v) => (
                <Group key={v.id} gap="sm">
                  <Text size="sm">
                    С {formatDay(v.appliesFrom)} — {tariffsText(v.tariffsCount)}
                  </Text>
                  <Anchor component="button" type="button" size="sm" onClick={() => void download(v)} disabled={downloadingId === v.id}>
                    Скачать XLSX
                  </Anchor>
                </Group>
              ))}
            </Stack>
          </Collapse>
        </Stack>
      )}

      <PriceListEditorModal opened={isEditing} initial={base?.tariffs ?? []} onClose={() => setEditing(false)} isFullScreen={isNarrow} />
      <PriceListImportModal opened={isImporting} onClose={() => setImporting(false)} isFullScreen={isNarrow} />
    </Stack>
  );
}

function VersionCard({
  title,
  version,
  onDownload,
  isDownloading = false,
}: {
  title: string;
  version: PriceListVersion;
  onDownload?: () => void;
  isDownloading?: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              {tariffsText(version.tariffs.length)}, сохранён {formatDate(version.createdAt)}
              {version.createdByName ? `, ${version.createdByName}` : ''}
            </Text>
          </div>
          {onDownload && (
            <Button size="xs" variant="subtle" leftSection={<IconDownload size={16} />} onClick={onDownload} loading={isDownloading}>
              Скачать XLSX
            </Button>
          )}
        </Group>
        <TariffsTable tariffs={version.tariffs} label={title} />
      </Stack>
    </Card>
  );
}
