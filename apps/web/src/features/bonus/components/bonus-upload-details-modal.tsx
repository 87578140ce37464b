import { Loader, Modal, Stack, Text } from '@mantine/core';
import { type BonusUploadDetails, formatMoney, formatPhone } from '@vmeste/contract';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDateTime } from '@/lib/format';
import { useBonusUpload } from '../api/get-bonus-upload';
import { QueryError } from '@/components/query-error';
import { EntryAmount } from './bonus-entry-parts';
import { rowsText } from './bonus-texts';

type Entry = BonusUploadDetails['entries'][number];

/** One applied table: who, when, the sums, and every ledger row it made. */
export function BonusUploadDetailsModal({
  uploadId,
  onClose,
  isFullScreen = false,
}: {
  uploadId: string | null;
  onClose: () => void;
  isFullScreen?: boolean;
}) {
  const upload = useBonusUpload(uploadId);
  const data = upload.data?.id === uploadId ? upload.data : undefined;
  return (
    <Modal
      opened={uploadId !== null}
      onClose={onClose}
      title={data ? `Загрузка № ${data.number}: ${data.fileName}` : 'Загрузка'}
      size="xl"
      centered
      fullScreen={isFullScreen}
    >
      {upload.isError && <QueryError error={upload.error} />}
      {!data && !upload.isError && <Loader role="status" aria-label="Загрузка строк" />}
      {data && (
        <Stack gap="sm" data-testid="upload-details">
          <Text size="sm" c="dimmed">
            {formatDateTime(data.at)}
            {data.actorName ? ` · ${data.actorName}` : ''} · {rowsText(data.rowsCount)} · начислено {formatMoney(data.creditKopecks)},
            списано {formatMoney(data.debitKopecks)}
          </Text>
          <BackOfficeTable<Entry>
            records={data.entries}
            noRecordsText="Строк нет"
            columns={[
              {
                accessor: 'phone',
                title: 'Телефон',
                render: (e) => (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(e.phone)}
                  </Text>
                ),
              },
              { accessor: 'clientName', title: 'Клиент', render: (e) => e.clientName || '—' },
              { accessor: 'amountKopecks', title: 'Сумма', textAlign: 'right', render: (e) => <EntryAmount kopecks={e.amountKopecks} /> },
              { accessor: 'comment', title: 'Комментарий', render: (e) => e.comment || '—' },
            ]}
          />
        </Stack>
      )}
    </Modal>
  );
}
