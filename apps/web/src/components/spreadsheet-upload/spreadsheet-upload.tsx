import { Button, FileButton, Group, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormError } from '@/components/form-error';
import { FormFooter } from '@/components/form-footer';
import { formatBytes } from '@/lib/format';
import type { SpreadsheetUploadState } from './use-spreadsheet-upload';

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The file types the picker offers: Excel alone, or Excel and CSV. */
const ACCEPT = { xlsx: XLSX, 'xlsx-or-csv': `.csv,text/csv,${XLSX}` } as const;

type Props<TPreview> = {
  upload: SpreadsheetUploadState<TPreview>;
  accept: keyof typeof ACCEPT;
  /** What the file holds and how it is read, and fields sent with it: above the picker. */
  children: ReactNode;
  /** More beside the picker, such as a «Проверить» button when picking does not check. */
  pickerExtra?: ReactNode;
  pickerGap?: MantineSpacing;
  /** The picked file's size after its name. */
  showsFileSize?: boolean;
  /** What the check found: summary, table, errors. */
  renderPreview: (preview: TPreview) => ReactNode;
  previewGap?: MantineSpacing;
  previewTestId?: string;
  applyLabel: string;
  applyIcon?: ReactNode;
  /** A preview that may not be applied (errors, nothing in it). */
  isApplyBlocked: (preview: TPreview) => boolean;
  /** «Отмена» beside the apply button; without it the apply button stands alone. */
  onCancel?: () => void;
};

/** Pick a spreadsheet → see what it holds → apply: one layout for every table the shop uploads. */
export function SpreadsheetUpload<TPreview>(props: Props<TPreview>) {
  const { upload, previewGap = 'md' } = props;
  const { file, preview } = upload;
  const applyButton = preview && (
    <Button
      leftSection={props.applyIcon}
      disabled={!file || props.isApplyBlocked(preview)}
      loading={upload.isApplying}
      onClick={upload.apply}
    >
      {props.applyLabel}
    </Button>
  );
  return (
    <Stack gap="md">
      {props.children}
      <Group gap={props.pickerGap}>
        <FileButton onChange={upload.pick} accept={ACCEPT[props.accept]}>
          {(fileButton) => (
            <Button
              leftSection={<IconFileSpreadsheet size={18} />}
              variant="light"
              loading={upload.checksOnPick && upload.isChecking}
              {...fileButton}
            >
              {file ? 'Выбрать другой файл' : 'Выбрать файл'}
            </Button>
          )}
        </FileButton>
        {file && (
          <Text size="sm" data-testid="upload-file-name">
            {file.name}
            {props.showsFileSize && ` · ${formatBytes(file.size)}`}
          </Text>
        )}
        {props.pickerExtra}
      </Group>
      <FormError message={upload.formError} />
      {preview && (
        <Stack gap={previewGap} data-testid={props.previewTestId}>
          {props.renderPreview(preview)}
          {props.onCancel ? (
            <FormFooter onCancel={props.onCancel}>{applyButton}</FormFooter>
          ) : (
            <Group justify="flex-end">{applyButton}</Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
