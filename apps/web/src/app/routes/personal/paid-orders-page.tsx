import { Stack, Title } from '@mantine/core';
import { PaidOrdersList } from '@/features/orders';

export function PersonalPaidOrdersPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Мои заказы</Title>
      <PaidOrdersList />
    </Stack>
  );
}
