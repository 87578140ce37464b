import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconGift, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type RouteName, routes } from '@/config/routes';

const shortcuts: { route: RouteName; text: string; icon: ReactNode }[] = [
  { route: 'PersonalUnpaidOrders', text: 'Оплатите заказы закупок, по которым объявлен стоп', icon: <IconCreditCard /> },
  { route: 'PersonalPaidOrders', text: 'Следите, где ваши оплаченные заказы', icon: <IconPackage /> },
  { route: 'PersonalBonus', text: 'Баланс бонусов и история начислений', icon: <IconGift /> },
  { route: 'PersonalDelivery', text: 'ПВЗ Boxberry, курьер или самовывоз', icon: <IconTruckDelivery /> },
];

/** Cards leading to the sections of the cabinet, each with what it is for. */
export function CabinetShortcuts() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {shortcuts.map(({ route, text, icon }) => (
        <Card key={route} component={Link} to={routes[route].path} withBorder radius="md" padding="lg">
          <Group wrap="nowrap" align="flex-start">
            {icon}
            <Stack gap={2}>
              <Text fw={600}>{routes[route].title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
