import { Alert, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { BONUS_UPLOAD_MAX_BYTES, type BonusUploadPreview, formatMoney } from '@vmeste/contract';
import { IconCheck, IconFileSpreadsheet, IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { formatBytes, formatDate } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useApplyBonusUpload } from '../api/apply-bonus-upload';
import { usePreviewBonusUpload } from '../api/preview-bonus-upload';
import { BonusUploadPreviewTable } from './bonus-upload-preview';
import { inRowsText, rowsText } from './bonus-texts';

export const UPLOAD_FORMAT_TEXT =
  'Столбцы: телефон, сумма (минус — списание), комментарий; первая строка может быть заголовком; XLSX или CSV, в том числе в кодировке Windows-1251.';

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * «Эти же строки уже применены 12.12.2026: повторно ничего не начислится». The server compares the
 * rows, not the file: the same rows saved again, sorted otherwise or as XLSX count as applied.
 */
export function alreadyAppliedText(at: string): string {
  return `Эти же строки уже применены ${formatDate(at)}: повторно ничего не начислится.`;
}

/** A table of accruals: pick the file, check it row by row (nothing written), then apply all of it. */
export function BonusUploadPanel() {
  const preview = usePreviewBonusUpload();
  const apply = useApplyBonusUpload();
  const form = useFormFields({});
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<BonusUploadPreview | null>(null);

  const check = useFormSubmit(form, {
    send: (picked: File) => preview.mutateAsync({ file: picked }),
    onSuccess: (result) => setChecked(result),
  });
  const save = useFormSubmit(form, {
    send: (picked: File) => apply.mutateAsync({ file: picked }),
    onSuccess: ({ upload, isRepeat }) => {
      if (isRepeat) {
        toast.info(`Эти же строки уже применены ${formatDate(upload.at)} (загрузка № ${upload.number}): повторно ничего не начислено`);
      } else {
        toast.success(
          `Загрузка № ${upload.number} применена: начислено ${formatMoney(upload.creditKopecks)}, списано ${formatMoney(upload.debitKopecks)}`,
        );
      }
      setFile(null);
      setChecked(null);
    },
  });

  function pick(next: File | null) {
    if (!next) return;
    setChecked(null);
    form.setFormError(null);
    if (next.size > BONUS_UPLOAD_MAX_BYTES) {
      setFile(null);
      form.setFormError(`Файл больше ${formatBytes(BONUS_UPLOAD_MAX_BYTES)}: разделите таблицу на части`);
      return;
    }
    setFile(next);
  }

  const hasErrors = (checked?.errorCount ?? 0) > 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            Таблицей
          </Title>
          <Text size="sm" c="dimmed" data-testid="upload-format">
            {UPLOAD_FORMAT_TEXT} Сначала покажем, что прочитали, — начислим только после «Применить», и только если в файле нет ошибок.
          </Text>
        </Stack>
        <Group gap="sm">
          <FileButton onChange={pick} accept={ACCEPT}>
            {(props) => (
              <Button variant="light" leftSection={<IconFileSpreadsheet size={18} />} {...props}>
                {file ? 'Выбрать другой файл' : 'Выбрать файл'}
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="sm" data-testid="upload-file-name">
              {file.name} · {formatBytes(file.size)}
            </Text>
          )}
          <Button
            leftSection={<IconListCheck size={18} />}
            disabled={!file}
            loading={check.isSubmitting}
            onClick={() => file && void check.submit(file)}
          >
            Проверить
          </Button>
        </Group>
        <FormError message={form.formError} />
        {checked && (
          <Stack gap="sm" data-testid="upload-preview">
            {checked.alreadyApplied && (
              <Alert color="yellow" variant="light" data-testid="already-applied">
                {alreadyAppliedText(checked.alreadyApplied.at)}
              </Alert>
            )}
            <Text size="sm" data-testid="upload-summary">
              {previewSummaryText(checked)}
            </Text>
            <BonusUploadPreviewTable rows={checked.rows} hasErrors={hasErrors} />
            {hasErrors && (
              <Alert color="red" variant="light" data-testid="upload-has-errors">
                Ошибки {inRowsText(checked.errorCount)}: исправьте их в файле и проверьте его снова. Применить можно только файл без ошибок.
                {checked.duplicateCount > 0 &&
                  ' Повторы удалите, а если клиенту правда положено дважды — измените комментарий во второй строке.'}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button
                leftSection={<IconCheck size={18} />}
                disabled={!file || hasErrors || checked.validCount === 0}
                loading={save.isSubmitting}
                onClick={() => file && void save.submit(file)}
              >
                Применить
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** «В файле 12 строк, с ошибками — 2, из них повторов — 1. Начислить 1 500,00 ₽, списать 200,00 ₽». */
export function previewSummaryText(
  preview: Pick<BonusUploadPreview, 'rows' | 'errorCount' | 'duplicateCount' | 'creditKopecks' | 'debitKopecks'>,
): string {
  const duplicates = preview.duplicateCount > 0 ? `, из них повторов — ${preview.duplicateCount}` : '';
  const errors = preview.errorCount > 0 ? `, с ошибками — ${preview.errorCount}${duplicates}` : ', ошибок нет';
  return `В файле ${rowsText(preview.rows.length)}${errors}. Начислить ${formatMoney(preview.creditKopecks)}, списать ${formatMoney(preview.debitKopecks)}.`;
}
