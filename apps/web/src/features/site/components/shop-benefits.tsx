import { Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconCoin, IconDiscount, IconGift, IconTruckDelivery, IconUsers } from '@tabler/icons-react';

const benefits = [
  { icon: IconDiscount, title: 'Оптовые цены', text: 'Покупаем у поставщика вместе, поэтому выходит дешевле, чем в рознице.' },
  { icon: IconCoin, title: 'Кешбэк бонусами', text: 'За оплаченные заказы начисляем бонусы: 1\u00A0бонус = 1\u00A0₽.' },
  { icon: IconGift, title: 'Оплата бонусами', text: 'Бонусами можно оплатить часть следующего заказа или доставки.' },
  {
    icon: IconBell,
    title: 'Уведомления в Telegram',
    text: 'Бот сообщит, что оплата подтверждена, товар пришёл на склад, а посылка отправлена.',
  },
  { icon: IconTruckDelivery, title: 'Доставка по России', text: 'Boxberry, курьер или самовывоз — как вам удобнее.' },
  { icon: IconUsers, title: 'Бонусы за друзей', text: 'Делитесь своей ссылкой: с заказов друзей вам тоже начислятся бонусы.' },
];

/** Why buying together pays off. */
export function ShopBenefits() {
  return (
    <Stack gap="md" component="section">
      <Title order={2}>Почему с нами выгодно</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {benefits.map(({ icon: Icon, title, text }) => (
          <Group key={title} align="flex-start" wrap="nowrap">
            <ThemeIcon variant="light" size="xl" radius="md" color="indigo" aria-hidden>
              <Icon size={22} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
