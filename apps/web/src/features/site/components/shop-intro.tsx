import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { roleHome, routes } from '@/config/routes';
import { useSession } from '@/lib/session';

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

/** The top of the main page: what a group purchase is, and where to go from here. */
export function ShopIntro() {
  return (
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
  );
}
