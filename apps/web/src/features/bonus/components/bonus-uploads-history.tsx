import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { type BonusUpload, formatMoney } from '@vmeste/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { downloadAs } from '@/lib/download-as';
import { formatDateTime } from '@/lib/format';
import { useDownloadBonusUploadFile } from '../api/download-bonus-upload-file';
import { useBonusUploads } from '../api/get-bonus-uploads';
import { QueryError } from '@/components/query-error';
import { BonusUploadDetailsModal } from './bonus-upload-details-modal';
import { rowsText } from './bonus-texts';
import { useIsNarrow } from '@/lib/use-is-narrow';

export const BONUS_UPLOADS_PAGE_SIZE = 20;

/** Applied tables, newest first: who and when, the sums, the file again, and the rows each made. */
export function BonusUploadsHistory() {
  const [page, setPage] = useState(1);
  const uploads = useBonusUploads({ page, pageSize: BONUS_UPLOADS_PAGE_SIZE });
  const download = useDownloadBonusUploadFile();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const [openedId, setOpenedId] = useState<string | null>(null);
  const isNarrow = useIsNarrow();

  async function downloadFile(upload: BonusUpload) {
    setDownloadingId(upload.id);
    await downloadAs(() => download.mutateAsync({ params: { id: upload.id } }), upload.fileName, { announces: false });
    setDownloadingId(null);
  }

  const data = uploads.data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        История загрузок
      </Title>
      {uploads.isError && <QueryError error={uploads.error} />}
      <BackOfficeTable<BonusUpload>
        fetching={uploads.isFetching}
        records={data?.items ?? []}
        totalRecords={data?.total ?? 0}
        recordsPerPage={BONUS_UPLOADS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText="Таблиц начислений ещё не загружали"
        columns={[
          { accessor: 'number', title: '№', textAlign: 'right', width: 60, hidden: isNarrow },
          {
            accessor: 'at',
            title: 'Дата',
            hidden: isNarrow,
            render: (u) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(u.at)}
              </Text>
            ),
          },
          { accessor: 'actorName', title: 'Кто загрузил', hidden: isNarrow, render: (u) => u.actorName ?? '—' },
          {
            accessor: 'fileName',
            title: 'Файл',
            render: (u) => (
              <Stack gap={2}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void downloadFile(u)}
                  disabled={downloadingId === u.id}
                  aria-label={`Скачать файл загрузки № ${u.number}: ${u.fileName}`}
                  style={{ wordBreak: 'break-all', textAlign: 'left' }}
                >
                  <IconDownload size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
                  {u.fileName}
                </Anchor>
                {isNarrow && (
                  <Text size="xs" c="dimmed">
                    № {u.number} · {formatDateTime(u.at)}
                    {u.actorName ? ` · ${u.actorName}` : ''} · {rowsText(u.rowsCount)}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: 'rowsCount', title: 'Строк', textAlign: 'right', hidden: isNarrow },
          {
            accessor: 'creditKopecks',
            title: 'Начислено',
            textAlign: 'right',
            render: (u) => (
              <Stack gap={0}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(u.creditKopecks)}
                </Text>
                {isNarrow && u.debitKopecks > 0 && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    списано {formatMoney(u.debitKopecks)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'debitKopecks',
            title: 'Списано',
            textAlign: 'right',
            hidden: isNarrow,
            render: (u) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(u.debitKopecks)}
              </Text>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (u) => (
              <Button size="compact-sm" variant="subtle" onClick={() => setOpenedId(u.id)} aria-label={`Строки загрузки № ${u.number}`}>
                Строки
              </Button>
            ),
          },
        ]}
      />
      <BonusUploadDetailsModal uploadId={openedId} onClose={() => setOpenedId(null)} isFullScreen={isNarrow} />
    </Stack>
  );
}
