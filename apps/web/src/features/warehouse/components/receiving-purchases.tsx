import { Button, Card, Center, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { plural, type ReceivingPurchase } from '@vmeste/contract';
import { IconClipboardList } from '@tabler/icons-react';
import { useId } from 'react';
import { PurchaseStatusBadge } from '@/features/purchases';
import { useReceivingPurchases } from '../api/get-receiving-purchases';

/** «Принято строк: 3 из 10» with its bar. */
export function ReceivedLinesProgress({ purchase }: { purchase: ReceivingPurchase }) {
  const percent = purchase.linesCount ? Math.round((purchase.receivedLinesCount / purchase.linesCount) * 100) : 0;
  const text = `Принято строк: ${purchase.receivedLinesCount} из ${purchase.linesCount}`;
  return (
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      <Progress value={percent} color={percent === 100 ? 'teal.9' : 'indigo'} aria-label={text} />
    </Stack>
  );
}

export function awaitingOrdersText(n: number): string {
  return n === 0 ? 'Все заказы приняты' : `Ждут поступления: ${n} ${plural(n, 'заказ', 'заказа', 'заказов')}`;
}

/** The purchases the warehouse receives: on their way or partly received. */
export function ReceivingPurchases({ onOpen }: { onOpen: (purchaseId: string) => void }) {
  const purchases = useReceivingPurchases();
  if (!purchases.data) {
    return purchases.isError ? null : (
      <Center py="xl">
        <Loader role="status" aria-label="Загрузка закупок" />
      </Center>
    );
  }
  if (purchases.data.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">Закупок в пути и на складе нет. Когда администратор переведёт закупку в статус «В пути», она появится здесь.</Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {purchases.data.map((p) => (
        <PurchaseCard key={p.id} purchase={p} onOpen={() => onOpen(p.id)} />
      ))}
    </SimpleGrid>
  );
}

/** The purchase's title and supplier, its status at the right: on its card in the list and atop its sheet. */
export function PurchaseHead({
  purchase,
  titleSize,
  titleId,
  wrap,
}: {
  purchase: ReceivingPurchase;
  titleSize: 'h3' | 'h4';
  titleId?: string;
  wrap?: 'nowrap';
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap={wrap}>
      <Stack gap={2}>
        <Title order={2} size={titleSize} id={titleId}>
          {purchase.title}
        </Title>
        <Text size="sm" c="dimmed">
          {purchase.supplier}
        </Text>
      </Stack>
      <PurchaseStatusBadge status={purchase.status} />
    </Group>
  );
}

function PurchaseCard({ purchase, onOpen }: { purchase: ReceivingPurchase; onOpen: () => void }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <PurchaseHead purchase={purchase} titleSize="h4" titleId={titleId} wrap="nowrap" />
        <ReceivedLinesProgress purchase={purchase} />
        <Text size="sm">
          Заказов: {purchase.ordersCount}. {awaitingOrdersText(purchase.awaitingOrdersCount)}
        </Text>
        <Group mt="auto">
          <Button leftSection={<IconClipboardList size={18} />} onClick={onOpen} aria-label={`Лист приёмки: ${purchase.title}`}>
            Лист приёмки
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
