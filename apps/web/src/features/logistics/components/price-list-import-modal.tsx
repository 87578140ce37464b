import { Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { type PriceListImportResult, PRICE_LIST_IMPORT_MAX_BYTES } from '@vmeste/contract';
import { IconDeviceFloppy, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { formatBytes } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useImportPriceList } from '../api/import-price-list';
import { FormFooter } from '@/components/form-footer';
import { formatDay, moscowToday, parseTypedDay, tariffsText } from './logistics-texts';
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
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<PriceListImportResult | null>(null);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: ({ file: picked, dryRun }: { file: File; dryRun: boolean }) =>
      importPriceList.mutateAsync({
        query: { appliesFrom: form.values.appliesFrom, dryRun: dryRun ? 'true' : 'false' },
        file: picked,
      }),
    onSuccess: (result) => {
      if (result.isDryRun) {
        setPreview(result);
        return;
      }
      const from = result.version ? formatDay(result.version.appliesFrom) : formatDay(form.values.appliesFrom);
      toast.success(`Прайс-лист сохранён: ${tariffsText(result.tariffs.length)}, действует с ${from}`);
      onDone();
    },
  });

  function pick(next: File | null) {
    if (!next) return;
    setPreview(null);
    if (next.size > PRICE_LIST_IMPORT_MAX_BYTES) {
      setFile(null);
      form.setFormError(`Файл больше ${formatBytes(PRICE_LIST_IMPORT_MAX_BYTES)}: это не похоже на прайс-лист`);
      return;
    }
    setFile(next);
    void submit({ file: next, dryRun: true });
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Таблица Excel (.xlsx) со столбцами {PRICE_LIST_COLUMNS}. Проще всего скачать действующий прайс-лист, поправить его и загрузить.
        Сначала покажем, что прочитали, — сохранение только после подтверждения.
      </Text>
      <DateInput
        label="Действует с"
        withAsterisk
        valueFormat="DD.MM.YYYY"
        dateParser={parseTypedDay}
        minDate={moscowToday()}
        placeholder="ДД.ММ.ГГГГ"
        value={form.values.appliesFrom || null}
        onChange={(day) => form.set('appliesFrom', day ?? '')}
        error={form.errors.appliesFrom}
        w={200}
      />
      <Group>
        <FileButton onChange={pick} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
          {(props) => (
            <Button leftSection={<IconFileSpreadsheet size={18} />} variant="light" loading={isSubmitting && !preview} {...props}>
              {file ? 'Выбрать другой файл' : 'Выбрать файл'}
            </Button>
          )}
        </FileButton>
        {file && <Text size="sm">{file.name}</Text>}
      </Group>
      <FormError message={form.formError} />
      {preview && (
        <>
          <Text size="sm" fw={600}>
            В файле {tariffsText(preview.tariffs.length)}:
          </Text>
          <TariffsTable tariffs={preview.tariffs} label="Тарифы из файла" />
          <FormFooter onCancel={onDone}>
            <Button
              leftSection={<IconDeviceFloppy size={18} />}
              loading={isSubmitting}
              disabled={!file || preview.tariffs.length === 0}
              onClick={() => file && void submit({ file, dryRun: false })}
            >
              Сохранить версию
            </Button>
          </FormFooter>
        </>
      )}
    </Stack>
  );
}
