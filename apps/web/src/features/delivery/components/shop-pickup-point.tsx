import { Paper, Stack, Text } from '@mantine/core';

/** The shop's own point where self-pickup parcels wait: its address and opening hours from the shop's settings. */
export function ShopPickupPoint({ address, hours }: { address: string; hours: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="shop-pickup-point">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Пункт выдачи магазина
        </Text>
        <Text size="sm">{address || 'Адрес уточняйте у магазина'}</Text>
        {hours && (
          <Text size="sm" c="dimmed">
            Часы работы: {hours}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
