import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram, IconCoin, IconPackage, IconShoppingCart, IconTruckDelivery, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import { usePublicSettings } from '@/lib/public-settings';
import { useSession } from '@/lib/session';
import { CoversGrid } from './covers-grid';

const steps = [
  { title: 'Выберите закупку', text: 'Организатор открывает сбор заказов у поставщика. Смотрите каталог и условия закупки.' },
  { title: 'Сделайте заказ', text: 'Передайте организатору, что и в каком размере хотите. Заказ появится в личном кабинете.' },
  { title: 'Оплатите после стопа', text: 'Когда набралась сумма, объявляется стоп. Оплатите онлайн или переводом на карту с чеком.' },
  { title: 'Товар едет к нам', text: 'Мы заказываем у поставщика. О каждом этапе сообщим в личном кабинете и в Telegram.' },
  { title: 'Выберите доставку', text: 'Заберите на пункте выдачи магазина, в ПВЗ Boxberry или закажите курьера.' },
];

const benefits = [
  { icon: <IconCoin size={22} />, title: 'Оптовые цены', text: 'Покупаем у поставщика вместе — выходит дешевле, чем в рознице.' },
  {
    icon: <IconPackage size={22} />,
    title: 'Кешбэк бонусами',
    text: 'За оплаченные заказы начисляем бонусы: 1 бонус = 1 ₽ при следующей оплате.',
  },
  { icon: <IconTruckDelivery size={22} />, title: 'Доставка по России', text: 'Boxberry, курьер или самовывоз — как удобнее.' },
  {
    icon: <IconUsers size={22} />,
    title: 'Приводите друзей',
    text: 'Бонусы с заказов друзей, которые зарегистрировались по вашей ссылке.',
  },
];

export function MainPage() {
  const { user } = useSession();
  const settings = usePublicSettings();
  return (
    <Container size="lg">
      <Stack gap={48}>
        <Stack gap="md" py="xl" maw={760}>
          <Badge variant="filled" color="indigo.9" size="lg" w="fit-content">
            Совместные покупки
          </Badge>
          <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.15}>
            Покупайте у поставщиков по оптовым ценам — вместе с «Вместе»
          </Title>
          <Text size="lg" c="dimmed">
            Мы собираем заказы покупателей в одну закупку, выкупаем товар у поставщика и доставляем его вам. Оплата, бонусы и доставка — в
            одном личном кабинете.
          </Text>
          <Group>
            {user ? (
              <Button component={Link} to={routes.PersonalHome.path} size="md" leftSection={<IconShoppingCart size={18} />}>
                Перейти в личный кабинет
              </Button>
            ) : (
              <>
                <Button component={Link} to={routes.Signup.path} size="md">
                  Зарегистрироваться
                </Button>
                <Button component={Link} to={routes.Signin.path} size="md" variant="default">
                  Войти
                </Button>
              </>
            )}
          </Group>
        </Stack>

        <Stack gap="md">
          <Title order={2}>Текущие закупки</Title>
          <CoversGrid />
        </Stack>

        <Stack gap="md">
          <Title order={2}>Как проходит совместная покупка</Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
            {steps.map((step, index) => (
              <Card key={step.title} withBorder radius="md" padding="md">
                <Stack gap={6}>
                  <ThemeIcon radius="xl" size="lg" color="indigo.9" aria-hidden>
                    {index + 1}
                  </ThemeIcon>
                  <Text fw={700}>{step.title}</Text>
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {benefits.map((b) => (
            <Group key={b.title} align="flex-start" wrap="nowrap">
              <ThemeIcon variant="light" size="xl" radius="md" color="indigo" aria-hidden>
                {b.icon}
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={700}>{b.title}</Text>
                <Text size="sm" c="dimmed">
                  {b.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>

        <Card withBorder radius="lg" padding="xl" bg="indigo.0">
          <Group justify="space-between" align="center">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="xl" color="blue.8" aria-hidden>
                <IconBrandTelegram size={28} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={700} size="lg">
                  Telegram-бот «Вместе»
                </Text>
                <Text size="sm">Подключите бота, чтобы узнавать об оплате, поступлении товара и доставке.</Text>
              </Stack>
            </Group>
            {settings && (
              <Anchor href={`https://t.me/${settings.telegramBotUsername}`} target="_blank" rel="noopener" fw={700}>
                @{settings.telegramBotUsername}
              </Anchor>
            )}
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
