import { Group, Stack, Title } from '@mantine/core';
import type { Purchase } from '@vmeste/contract';
import { useState } from 'react';
import { PurchaseOrdersDrawer } from '@/features/orders';
import { NewPurchaseButton, PurchasesTable } from '@/features/purchases';

/** «Закупки»: the purchases and, in a drawer, the orders of the chosen one. */
export function AdminPurchaseCoverPage() {
  const [ordersOf, setOrdersOf] = useState<Purchase | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Закупки</Title>
        <NewPurchaseButton />
      </Group>
      <PurchasesTable onOpenOrders={setOrdersOf} />
      <PurchaseOrdersDrawer purchase={ordersOf} onClose={() => setOrdersOf(null)} />
    </Stack>
  );
}
