import { Group, Stack, Text, Title } from '@mantine/core';
import { AddCardButton, CardsTable } from '@/features/cards';
import { PurchaseCardsTable } from '@/features/purchases';

/** «Привязка карты»: the cards clients pay to, and which card each unfinished purchase uses. */
export function AdminCartBindingPage() {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Привязка карты</Title>
        <AddCardButton />
      </Group>
      <Text c="dimmed" size="sm">
        Клиенты переводят деньги на карту, привязанную к закупке, и загружают чек. Номер полностью виден только в форме изменения.
      </Text>
      <CardsTable />
      <Title order={2} size="h3">
        Карты закупок
      </Title>
      <PurchaseCardsTable />
    </Stack>
  );
}
