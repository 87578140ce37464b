import { Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconBrandTelegram,
  IconCoin,
  IconDiscount,
  IconGift,
  IconTruckDelivery,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { roleHome, routes } from '@/config/routes';
import { usePublicSettings } from '@/lib/public-settings';
import { useSession } from '@/lib/session';
import { CoversGrid } from './covers-grid';

const steps = [
  { title: 'Выбираете закупку', text: 'Организатор открывает сбор заказов у поставщика. Смотрите текущие закупки и их условия.' },
  { title: 'Оформляете заказ', text: 'Сообщаете организатору, что и в каком размере хотите. Заказ появится в личном кабинете.' },
  {
    title: 'Оплачиваете после стопа',
    text: 'Когда сбор заказов закрыт, оплачиваете заказ онлайн — картой или через СБП — или переводом на карту с загрузкой чека.',
  },
  { title: 'Закупка заказана', text: 'Организатор выкупает товар у поставщика по оптовой цене для всех участников сразу.' },
  { title: 'Товар на складе', text: 'Принимаем товар, проверяем и собираем ваши заказы в одну посылку.' },
  { title: 'Выбираете доставку', text: 'ПВЗ Boxberry, курьер до двери или бесплатный самовывоз с нашего пункта выдачи.' },
  { title: 'Получаете заказ', text: 'Забираете посылку и получаете кешбэк бонусами на следующие покупки.' },
];

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

/** What a visitor can do next: sign up or in, or go back to their own area. */
function AccountActions() {
  const { user } = useSession();
  if (!user) {
    return (
      <Group>
        <Button component={Link} to={routes.Signup.path} size="md">
          Зарегистрироваться
        </Button>
        <Button component={Link} to={routes.Signin.path} size="md" variant="default">
          Войти
        </Button>
      </Group>
    );
  }
  if (user.role !== 'client') {
    return (
      <Group>
        <Button component={Link} to={roleHome(user.role) ?? routes.Main.path} size="md">
          Перейти в рабочий кабинет
        </Button>
      </Group>
    );
  }
  return (
    <Group>
      <Button component={Link} to={routes.PersonalHome.path} size="md" leftSection={<IconUserCircle size={18} />}>
        Перейти в личный кабинет
      </Button>
    </Group>
  );
}

function TelegramCard() {
  const settings = usePublicSettings();
  const { user } = useSession();
  return (
    <Card withBorder radius="lg" padding="xl" bg="indigo.0">
      <Group justify="space-between" align="center" gap="lg">
        <Group wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={48} radius="xl" color="blue.8" aria-hidden>
            <IconBrandTelegram size={28} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h4">
              Telegram-бот «Вместе»
            </Title>
            <Text>Подключите Telegram-бота, чтобы узнавать об оплате, поступлении товара и доставке.</Text>
            {user?.role === 'client' && (
              <Text size="sm" c="dimmed">
                Привязать бота к аккаунту можно в{' '}
                <Anchor component={Link} to={routes.PersonalProfile.path} inherit>
                  профиле
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        </Group>
        {settings ? (
          <Button
            component="a"
            href={`https://t.me/${settings.telegramBotUsername}`}
            target="_blank"
            rel="noopener noreferrer"
            color="blue.8"
            leftSection={<IconBrandTelegram size={18} />}
          >
            Открыть @{settings.telegramBotUsername}
          </Button>
        ) : (
          <Skeleton h={36} w={200} radius="md" />
        )}
      </Group>
    </Card>
  );
}

export function MainPage() {
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
            Совместная покупка — это заказ у поставщика по оптовой цене вместе с другими покупателями: мы собираем заказы участников в одну
            закупку, выкупаем товар и доставляем его вам. Оплата, бонусы и доставка — в одном личном кабинете.
          </Text>
          <AccountActions />
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Текущие закупки</Title>
          <CoversGrid />
        </Stack>

        <Stack gap="md" component="section">
          <Title order={2}>Как проходит совместная покупка</Title>
          <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} p={0} m={0} style={{ listStyle: 'none' }}>
            {steps.map((step, index) => (
              <Card key={step.title} component="li" withBorder radius="md" padding="md">
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

        <TelegramCard />
      </Stack>
    </Container>
  );
}
