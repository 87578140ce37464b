import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { BONUS_UPLOAD_MAX_BYTES, type BonusUploadPreview, formatMoney } from '@vmeste/contract';
import { IconCheck, IconListCheck } from '@tabler/icons-react';
import { SpreadsheetUpload, useSpreadsheetUpload } from '@/components/spreadsheet-upload';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useApplyBonusUpload } from '../api/apply-bonus-upload';
import { usePreviewBonusUpload } from '../api/preview-bonus-upload';
import { BonusUploadPreviewTable } from './bonus-upload-preview';
import { inRowsText, rowsText } from './bonus-texts';

export const UPLOAD_FORMAT_TEXT =
  'Столбцы: телефон, сумма (минус — списание), комментарий; первая строка может быть заголовком; XLSX или CSV, в том числе в кодировке Windows-1251.';

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
  const upload = useSpreadsheetUpload({
    form,
    checksOnPick: false,
    maxBytes: { bytes: BONUS_UPLOAD_MAX_BYTES, tooLarge: (limit) => `Файл больше ${limit}: разделите таблицу на части` },
    check: (file) => preview.mutateAsync({ file }),
    apply: (file) => apply.mutateAsync({ file }),
    onApplied: ({ upload: applied, isRepeat }) => {
      if (isRepeat) {
        toast.info(`Эти же строки уже применены ${formatDate(applied.at)} (загрузка № ${applied.number}): повторно ничего не начислено`);
      } else {
        toast.success(
          `Загрузка № ${applied.number} применена: начислено ${formatMoney(applied.creditKopecks)}, списано ${formatMoney(applied.debitKopecks)}`,
        );
      }
    },
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <SpreadsheetUpload
        upload={upload}
        accept="xlsx-or-csv"
        pickerGap="sm"
        showsFileSize
        pickerExtra={
          <Button leftSection={<IconListCheck size={18} />} disabled={!upload.file} loading={upload.isChecking} onClick={upload.check}>
            Проверить
          </Button>
        }
        renderPreview={(checked) => <CheckedUpload checked={checked} />}
        previewGap="sm"
        previewTestId="upload-preview"
        applyLabel="Применить"
        applyIcon={<IconCheck size={18} />}
        isApplyBlocked={(checked) => checked.errorCount > 0 || checked.validCount === 0}
      >
        <Stack gap={4}>
          <Title order={2} size="h4">
            Таблицей
          </Title>
          <Text size="sm" c="dimmed" data-testid="upload-format">
            {UPLOAD_FORMAT_TEXT} Сначала покажем, что прочитали, — начислим только после «Применить», и только если в файле нет ошибок.
          </Text>
        </Stack>
      </SpreadsheetUpload>
    </Card>
  );
}

/** What the check read: a warning if these rows were applied before, the summary, every row, the errors. */
function CheckedUpload({ checked }: { checked: BonusUploadPreview }) {
  const hasErrors = checked.errorCount > 0;
  return (
    <>
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
          {checked.duplicateCount > 0 && ' Повторы удалите, а если клиенту правда положено дважды — измените комментарий во второй строке.'}
        </Alert>
      )}
    </>
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
