import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconChecks, IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { confirm } from '@/lib/confirm';
import { serverErrorOf } from '@/lib/form-errors';
import { runAction } from '@/lib/run-action';
import { toast } from '@/lib/toasts';
import { useReceivingSheet } from '../api/get-receiving-sheet';
import { useReceive } from '../api/receive';
import { useReceiveRest } from '../api/receive-rest';
import { awaitingOrdersText, PurchaseHead, ReceivedLinesProgress } from './receiving-purchases';
import { type MarkReceiving, ReceivingGroupCard, ReceivingGroupRows } from './receiving-rows';
import { ScrollTable } from './scroll-table';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { filterGroups, type ReceivingFilter, receivingResultText } from './warehouse-texts';

/** The result of a receiving stays longer than a usual toast: it is read after counting boxes. */
const RESULT_TOAST_MS = 8000;

const filterOptions: { value: ReceivingFilter; label: string }[] = [
  { value: 'all', label: 'Все' },
  { value: 'waiting', label: 'Ждут приёмки' },
  { value: 'short', label: 'С недостачей' },
];

/**
 * A purchase's receiving sheet: its products with what each order expects, marked per product or
 * per order line, and «Принять всё остальное» at the end. The answer of each mark is the new sheet.
 */
export function ReceivingSheet({ purchaseId, onBack }: { purchaseId: string; onBack: () => void }) {
  const sheet = useReceivingSheet(purchaseId);
  const { mutateAsync: receive } = useReceive();
  const receiveRest = useReceiveRest();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ReceivingFilter>('all');
  const isNarrow = useIsNarrow();
  // Typing in the search redraws the field at once and the long list when React has time.
  const deferredText = useDeferredValue(text);
  const groups = sheet.data?.groups;
  const visible = useMemo(() => filterGroups(groups ?? [], deferredText, filter), [groups, deferredText, filter]);

  const onMark = useCallback<MarkReceiving>(
    (marks) =>
      runAction(async () => {
        const result = await receive({ params: { id: purchaseId }, body: { marks } });
        toast.success(receivingResultText(result), RESULT_TOAST_MS);
      }),
    [purchaseId, receive],
  );

  const back = (
    <Group>
      <Button variant="subtle" leftSection={<IconArrowLeft size={18} />} onClick={onBack}>
        Все закупки
      </Button>
    </Group>
  );
  if (sheet.isError) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" role="alert">
          {serverErrorOf(sheet.error).message}
        </Alert>
      </Stack>
    );
  }
  if (!sheet.data) {
    return (
      <Stack gap="md">
        {back}
        <Center py="xl">
          <Loader role="status" aria-label="Загрузка листа приёмки" />
        </Center>
      </Stack>
    );
  }

  const { purchase } = sheet.data;
  const restCount = sheet.data.groups.reduce((sum, g) => sum + g.lines.filter((l) => l.arrivedQuantity === null && !l.isLocked).length, 0);

  async function askReceiveRest() {
    const isConfirmed = await confirm({
      title: 'Принять всё остальное?',
      messageHtml: `Не принятые ещё строки (${restCount}) будут отмечены как поступившие полностью. Клиенты, чьи заказы соберутся целиком, получат сообщение.`,
      confirmLabel: 'Принять всё',
    });
    if (!isConfirmed) return;
    await runAction(async () => {
      const result = await receiveRest.mutateAsync({ params: { id: purchaseId } });
      toast.success(receivingResultText(result), RESULT_TOAST_MS);
    });
  }

  return (
    <Stack gap="md">
      {back}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <PurchaseHead purchase={purchase} titleSize="h3" />
          <ReceivedLinesProgress purchase={purchase} />
          <Group justify="space-between" align="flex-end">
            <Text size="sm">
              Заказов: {purchase.ordersCount}. {awaitingOrdersText(purchase.awaitingOrdersCount)}
            </Text>
            <Button
              leftSection={<IconChecks size={18} />}
              onClick={() => void askReceiveRest()}
              loading={receiveRest.isPending}
              disabled={restCount === 0}
            >
              Принять всё остальное
            </Button>
          </Group>
        </Stack>
      </Card>

      <Group gap="sm" align="flex-end">
        <TextInput
          label="Найти товар"
          placeholder="Название, артикул, № заказа или клиент"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '26rem' }}
        />
        <SegmentedControl
          value={filter}
          onChange={(next) => setFilter(next as ReceivingFilter)}
          data={filterOptions}
          aria-label="Какие товары показать"
        />
      </Group>

      {isNarrow ? (
        <Stack gap="sm">
          {visible.map((group) => (
            <ReceivingGroupCard key={group.key} group={group} onMark={onMark} />
          ))}
        </Stack>
      ) : (
        <ScrollTable label="Лист приёмки" minWidth={800}>
          <Table verticalSpacing="xs" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <VisuallyHidden>Заказы</VisuallyHidden>
                </Table.Th>
                <Table.Th miw={200}>Товар</Table.Th>
                <Table.Th ta="right" w={80}>
                  Заказано
                </Table.Th>
                <Table.Th ta="right" w={80}>
                  Поступило
                </Table.Th>
                <Table.Th ta="right" w={90}>
                  Не поступило
                </Table.Th>
                <Table.Th>Отметить</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {visible.map((group) => (
              <ReceivingGroupRows key={group.key} group={group} onMark={onMark} />
            ))}
          </Table>
        </ScrollTable>
      )}
      {visible.length === 0 && (
        <Text c="dimmed" size="sm">
          {sheet.data.groups.length === 0 ? 'В закупке нет заказов.' : 'Таких товаров нет.'}
        </Text>
      )}
    </Stack>
  );
}
