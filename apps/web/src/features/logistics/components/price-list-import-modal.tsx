import { Modal, Text } from '@mantine/core';
import { PRICE_LIST_IMPORT_MAX_BYTES } from '@vmeste/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { SpreadsheetUpload, useSpreadsheetUpload } from '@/components/spreadsheet-upload';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useImportPriceList } from '../api/import-price-list';
import { formatDay, moscowToday, tariffsText } from './logistics-texts';
import { AppliesFromInput } from './applies-from-input';
import { TariffsTable } from './tariffs-table';

/** The columns the server reads, in the words of its spreadsheet. */
export const PRICE_LIST_COLUMNS =
  '«Способ доставки» (Пункт выдачи Boxberry, Курьер Boxberry или Самовывоз), «Вес от, г», «Вес до, г», «Цена, ₽»';

type Props = { opened: boolean; onClose: () => void; isFullScreen?: boolean };

/** Upload → what the file holds (nothing saved yet) → save it as a new version from the chosen day. */
export function PriceListImportModal({ opened, onClose, isFullScreen = false }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Прайс-лист из XLSX" size="lg" centered fullScreen={isFullScreen}>
      {opened && <PriceListImport onDone={onClose} />}
    </Modal>
  );
}

function PriceListImport({ onDone }: { onDone: () => void }) {
  const importPriceList = useImportPriceList();
  const form = useFormFields({ appliesFrom: moscowToday() });
  const send = (file: File, dryRun: boolean) =>
    importPriceList.mutateAsync({ query: { appliesFrom: form.values.appliesFrom, dryRun: dryRun ? 'true' : 'false' }, file });
  const upload = useSpreadsheetUpload({
    form,
    checksOnPick: true,
    maxBytes: { bytes: PRICE_LIST_IMPORT_MAX_BYTES, tooLarge: (limit) => `Файл больше ${limit}: это не похоже на прайс-лист` },
    check: (file) => send(file, true),
    apply: (file) => send(file, false),
    onApplied: (result) => {
      const from = result.version ? formatDay(result.version.appliesFrom) : formatDay(form.values.appliesFrom);
      toast.success(`Прайс-лист сохранён: ${tariffsText(result.tariffs.length)}, действует с ${from}`);
      onDone();
    },
  });

  return (
    <SpreadsheetUpload
      upload={upload}
      accept="xlsx"
      renderPreview={(preview) => (
        <>
          <Text size="sm" fw={600}>
            В файле {tariffsText(preview.tariffs.length)}:
          </Text>
          <TariffsTable tariffs={preview.tariffs} label="Тарифы из файла" />
        </>
      )}
      applyLabel="Сохранить версию"
      applyIcon={<IconDeviceFloppy size={18} />}
      isApplyBlocked={(preview) => preview.tariffs.length === 0}
      onCancel={onDone}
    >
      <Text size="sm" c="dimmed">
        Таблица Excel (.xlsx) со столбцами {PRICE_LIST_COLUMNS}. Проще всего скачать действующий прайс-лист, поправить его и загрузить.
        Сначала покажем, что прочитали, — сохранение только после подтверждения.
      </Text>
      <AppliesFromInput form={form} />
    </SpreadsheetUpload>
  );
}
