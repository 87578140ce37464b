import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type LabelFormat, labelFormats, labelFormatTitles, type Parcel, plural } from '@vmeste/contract';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { saveBlob } from '@/lib/download';
import { serverErrorOf } from '@/lib/form-errors';
import { toast, toastServerError } from '@/lib/toasts';
import { useParcelLabels } from '../api/get-parcel-labels';
import { labelsFileName, openPdfInNewTab, readLabelFormat, rememberLabelFormat } from './label-pdf';
import { ordersText } from './warehouse-texts';

function titleOf(parcels: readonly Parcel[]): string {
  if (parcels.length === 1) return `Этикетка посылки № ${parcels[0]!.number}`;
  return `Этикетки: ${parcels.length} ${plural(parcels.length, 'посылка', 'посылки', 'посылок')}`;
}

/** Choosing the label format and getting the PDF of one parcel's label or of several, one a page. */
export function LabelsModal({ parcels, onClose }: { parcels: readonly Parcel[] | null; onClose: () => void }) {
  return (
    <Modal
      opened={Boolean(parcels?.length)}
      onClose={onClose}
      title={parcels?.length ? titleOf(parcels) : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      {parcels && parcels.length > 0 && <LabelsForm parcels={parcels} onDone={onClose} />}
    </Modal>
  );
}

function LabelsForm({ parcels, onDone }: { parcels: readonly Parcel[]; onDone: () => void }) {
  const labels = useParcelLabels();
  const [format, setFormat] = useState<LabelFormat>(readLabelFormat);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'open' | 'save' | null>(null);
  const fileName = labelsFileName(parcels.map((p) => p.number));
  const fetchPdf = () => labels.mutateAsync({ query: { ids: parcels.map((p) => p.id).join(','), format } });

  async function run(kind: 'open' | 'save') {
    rememberLabelFormat(format);
    setError(null);
    setPending(kind);
    try {
      if (kind === 'open') {
        const how = await openPdfInNewTab(fetchPdf, fileName);
        if (how === 'saved') toast.info(`Браузер не дал открыть вкладку: файл «${fileName}» сохранён`);
      } else {
        saveBlob(await fetchPdf(), fileName);
      }
      onDone();
    } catch (failure) {
      setError(serverErrorOf(failure).message);
      toastServerError(failure, { isShownInline: true });
    } finally {
      setPending(null);
    }
  }

  return (
    <Stack gap="md">
      {parcels.length === 1 ? (
        <Text size="sm">
          {parcels[0]!.clientName || 'Клиент'}, {ordersText(parcels[0]!.orders).toLowerCase()}
        </Text>
      ) : (
        <Text size="sm">Посылки {parcels.map((p) => `№ ${p.number}`).join(', ')} — по одной этикетке на странице.</Text>
      )}
      <Radio.Group label="Формат этикетки" value={format} onChange={(next) => setFormat(next as LabelFormat)}>
        <Stack gap="xs" mt="xs">
          {labelFormats.map((f) => (
            <Radio key={f} value={f} label={labelFormatTitles[f]} />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed">
        PDF откроется в новой вкладке: напечатайте его оттуда с масштабом 100 %.
      </Text>
      <FormError message={error} />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={pending === 'save'}
          disabled={pending === 'open'}
          onClick={() => void run('save')}
        >
          Скачать
        </Button>
        <Button
          leftSection={<IconPrinter size={18} />}
          loading={pending === 'open'}
          disabled={pending === 'save'}
          onClick={() => void run('open')}
          data-autofocus
        >
          Открыть для печати
        </Button>
      </Group>
    </Stack>
  );
}
