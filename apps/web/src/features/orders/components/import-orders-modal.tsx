import { Alert, Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { formatPhone, type ImportResult, importColumns, plural } from '@vmeste/contract';
import { SpreadsheetUpload, useSpreadsheetUpload } from '@/components/spreadsheet-upload';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useImportOrders } from '../api/import-orders';

type Props = { purchaseId: string; opened: boolean; onClose: () => void };

/** Upload → preview (every row with its errors) → apply; applying writes all rows or none. */
export function ImportOrdersModal({ purchaseId, opened, onClose }: Props) {
  const importOrders = useImportOrders();
  // A file, not text fields: every message of the import shows above the preview.
  const form = useFormFields({});
  const send = (file: File, dryRun: boolean) =>
    importOrders.mutateAsync({ params: { id: purchaseId }, query: { dryRun: dryRun ? 'true' : 'false' }, file });
  const upload = useSpreadsheetUpload({
    form,
    checksOnPick: true,
    check: (file) => send(file, true),
    apply: (file) => send(file, false),
    onApplied: (result) => {
      toast.success(`Загружено ${result.orders.length} ${plural(result.orders.length, 'заказ', 'заказа', 'заказов')}`);
      onClose();
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={() => {
        upload.reset();
        onClose();
      }}
      title="Импорт заказов"
      size="xl"
      centered
    >
      <SpreadsheetUpload
        upload={upload}
        accept="xlsx-or-csv"
        renderPreview={(preview) => <ImportPreview preview={preview} />}
        applyLabel="Загрузить заказы"
        isApplyBlocked={(preview) => preview.errorsCount > 0}
        onCancel={upload.reset}
      >
        <Text size="sm" c="dimmed">
          Таблица Excel (.xlsx) или CSV (UTF-8 или Windows-1251, разделитель «;» или «,») со столбцами:{' '}
          {Object.values(importColumns).join(', ')}. Сначала покажем, что получилось, — запись только после подтверждения.
        </Text>
      </SpreadsheetUpload>
    </Modal>
  );
}

/** The counts, what happens to the lines the orders already have, the rows with errors and the orders by client. */
function ImportPreview({ preview }: { preview: ImportResult }) {
  const rowsWithErrors = preview.rows.filter((r) => r.errors.length > 0);
  return (
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
    </>
  );
}
