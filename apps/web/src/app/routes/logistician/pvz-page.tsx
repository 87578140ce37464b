import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { PickupPointsDesk, PointsSyncCard } from '@/features/logistics';

/** «ПВЗ Boxberry»: the points loaded from Boxberry, switched on or off for clients, and their loading. */
export function LogisticianPvzPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.LogisticianPvz.title}</Title>
      <PointsSyncCard />
      <PickupPointsDesk />
    </Stack>
  );
}
