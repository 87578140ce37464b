import { Stack, Title } from '@mantine/core';
import { UnpaidOrdersList } from '@/features/orders';

export function PersonalUnpaidOrdersPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Неоплаченные заказы</Title>
      <UnpaidOrdersList />
    </Stack>
  );
}
