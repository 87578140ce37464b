import { Anchor, Box, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PublicSettings } from '@vmeste/contract';
import { IconFileText, IconPhone, IconShieldLock, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type RouteName, routes } from '@/config/routes';

type DocumentCard = { route: RouteName; label: string; icon: ReactNode };

/** The footer's three groups of the specification; each card opens its document in a new tab. */
export const footerGroups: { title: string; cards: DocumentCard[] }[] = [
  {
    title: 'Покупателям',
    cards: [
      { route: 'DeliveryAndPayment', label: 'Доставка и оплата', icon: <IconTruckDelivery size={20} /> },
      { route: 'ReturnGoods', label: 'Возврат товара', icon: <IconFileText size={20} /> },
    ],
  },
  {
    title: 'Документы',
    cards: [
      { route: 'Terms', label: 'Публичная оферта', icon: <IconFileText size={20} /> },
      { route: 'Policy', label: 'Политика конфиденциальности', icon: <IconShieldLock size={20} /> },
      { route: 'AcceptPolicy', label: 'Обработка персональных данных', icon: <IconShieldLock size={20} /> },
    ],
  },
  { title: 'Связь', cards: [{ route: 'Contacts', label: 'Контакты', icon: <IconPhone size={20} /> }] },
];

/** `settings` are the shop's details, undefined until they arrive. */
export function PublicFooter({ settings }: { settings: PublicSettings | undefined }) {
  return (
    <Box component="footer" bg="gray.1" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {footerGroups.map((group) => (
            <Stack key={group.title} gap="xs" data-testid="footer-group">
              <Title order={2} size="h5">
                {group.title}
              </Title>
              {group.cards.map((card) => (
                <Card
                  key={card.route}
                  component="a"
                  href={routes[card.route].path}
                  target="_blank"
                  rel="noopener"
                  withBorder
                  padding="sm"
                  radius="md"
                >
                  <Text size="sm" fw={500} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    {card.icon}
                    {card.label}
                  </Text>
                </Card>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm" c="gray.7" mt="xl">
          © {new Date().getFullYear()} {settings?.companyName ?? 'Вместе'}
          {settings ? `, ИНН ${settings.companyInn}` : ''}. Совместные покупки по оптовым ценам.{' '}
          {settings && (
            <Anchor href={`mailto:${settings.companyEmail}`} size="sm">
              {settings.companyEmail}
            </Anchor>
          )}
        </Text>
      </Container>
    </Box>
  );
}
