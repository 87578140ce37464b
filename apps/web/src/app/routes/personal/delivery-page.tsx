import { Stack, Text, Title } from '@mantine/core';
import { DeliveryMethods, MyParcels } from '@/features/delivery';

export function PersonalDeliveryPage() {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Способы доставки</Title>
        <Text c="dimmed">Выберите, как получать посылки: в пункте выдачи Boxberry, курьером или самовывозом из пункта магазина.</Text>
      </Stack>
      <DeliveryMethods />
      <MyParcels />
    </Stack>
  );
}
