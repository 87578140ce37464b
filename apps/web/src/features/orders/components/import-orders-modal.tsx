import { Alert, Badge, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatPhone, type ImportResult, importColumns, plural } from '@vmeste/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useImportOrders } from '../api/import-orders';
import { FormFooter } from '@/components/form-footer';

type Props = { purchaseId: string; opened: boolean; onClose: () => void };

/** Upload → preview (every row with its errors) → apply; applying writes all rows or none. */
export function ImportOrdersModal({ purchaseId, opened, onClose }: Props) {
  const importOrders = useImportOrders();
  // A file, not text fields: every message of the import shows above the preview.
  const form = useFormFields({});
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: ({ file: picked, dryRun }: { file: File; dryRun: boolean }) =>
      importOrders.mutateAsync({ params: { id: purchaseId }, query: { dryRun: dryRun ? 'true' : 'false' }, file: picked }),
    onSuccess: (result, { dryRun }) => {
      if (dryRun) {
        setPreview(result);
        return;
      }
      toast.success(`Загружено ${result.orders.length} ${plural(result.orders.length, 'заказ', 'заказа', 'заказов')}`);
      reset();
      onClose();
    },
  });

  function reset() {
    setFile(null);
    setPreview(null);
    form.setFormError(null);
  }

  function pick(next: File | null) {
    if (!next) return;
    reset();
    setFile(next);
    void submit({ file: next, dryRun: true });
  }

  function apply() {
    if (file) void submit({ file, dryRun: false });
  }

  const rowsWithErrors = preview?.rows.filter((r) => r.errors.length > 0) ?? [];
  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title="Импорт заказов"
      size="xl"
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Таблица Excel (.xlsx) или CSV (UTF-8 или Windows-1251, разделитель «;» или «,») со столбцами:{' '}
          {Object.values(importColumns).join(', ')}. Сначала покажем, что получилось, — запись только после подтверждения.
        </Text>
        <Group>
          <FileButton onChange={pick} accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
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
            <Group gap="xs">
              <Badge variant="filled" color="indigo.9">
                {preview.rowsCount} {plural(preview.rowsCount, 'строка', 'строки', 'строк')}
              </Badge>
              <Badge variant="filled" color="teal.9">
                {preview.orders.length} {plural(preview.orders.length, 'заказ', 'заказа', 'заказов')}
              </Badge>
              <Badge variant="filled" color={preview.errorsCount ? 'red.9' : 'gray.7'}>
                {preview.errorsCount} с ошибками
              </Badge>
            </Group>
            {/* What apply will do to the lines the orders already have: a re-import changes lines, it does not double them. */}
            <Group gap="xs" data-testid="import-line-changes">
              <Badge variant="light" color="teal.9">
                {preview.linesAdded} {plural(preview.linesAdded, 'строка добавится', 'строки добавятся', 'строк добавятся')}
              </Badge>
              <Badge variant="light" color="orange.9">
                {preview.linesChanged} {plural(preview.linesChanged, 'строка изменится', 'строки изменятся', 'строк изменятся')}
              </Badge>
              <Badge variant="light" color="gray.7">
                {preview.linesUnchanged} без изменений
              </Badge>
              <Text size="sm" fw={600}>
                Итого: {formatMoney(preview.totalKopecks)}
              </Text>
            </Group>
            {rowsWithErrors.length > 0 && (
              <Alert color="red" variant="light" title="Исправьте строки с ошибками и загрузите файл снова">
                <Stack gap={2} data-testid="import-errors">
                  {rowsWithErrors.slice(0, 50).map((row) => (
                    <Text key={row.rowNumber} size="sm">
                      Строка {row.rowNumber}: {row.errors.join(', ')}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            <Table.ScrollContainer minWidth={640} mah={360}>
              <Table striped verticalSpacing={4} fz="sm" data-testid="import-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Телефон</Table.Th>
                    <Table.Th>Клиент</Table.Th>
                    <Table.Th ta="right">Строк</Table.Th>
                    <Table.Th ta="right">Товары</Table.Th>
                    <Table.Th ta="right">Оргсбор</Table.Th>
                    <Table.Th ta="right">Итого</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.orders.map((order) => (
                    <Table.Tr key={order.phone}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPhone(order.phone)}</Table.Td>
                      <Table.Td>
                        {order.clientName || '—'}
                        <Text size="xs" c="dimmed">
                          {order.accountName ? `Аккаунт: ${order.accountName}` : 'Ещё не зарегистрирован'}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{order.linesCount}</Table.Td>
                      <Table.Td ta="right">{formatMoney(order.goodsKopecks)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(order.organizerFeeKopecks)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(order.totalKopecks)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <FormFooter onCancel={reset}>
              <Button onClick={apply} disabled={preview.errorsCount > 0} loading={isSubmitting}>
                Загрузить заказы
              </Button>
            </FormFooter>
          </>
        )}
      </Stack>
    </Modal>
  );
}
