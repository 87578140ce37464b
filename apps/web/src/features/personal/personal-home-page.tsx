import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPhone, plural } from '@vmeste/contract';
import { IconCreditCard, IconGift, IconPackage, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href, type RouteName, routes } from '@/config/routes';
import { formatDate, formatMoney } from '@/lib/format';
import { usePublicSettings } from '@/lib/public-settings';
import { useSession } from '@/lib/session';
import { useMyOrders } from './orders-api';
import { ReferralLinkCard } from './referral-link-card';

const shortcuts: { route: RouteName; text: string; icon: ReactNode }[] = [
  { route: 'PersonalUnpaidOrders', text: 'Оплатите заказы закупок, по которым объявлен стоп', icon: <IconCreditCard /> },
  { route: 'PersonalPaidOrders', text: 'Следите, где ваши оплаченные заказы', icon: <IconPackage /> },
  { route: 'PersonalBonus', text: 'Баланс бонусов и история начислений', icon: <IconGift /> },
  { route: 'PersonalDelivery', text: 'ПВЗ Boxberry, курьер или самовывоз', icon: <IconTruckDelivery /> },
];

/** What is due now and the latest orders, so the cabinet opens on what needs doing. */
function DueSummary() {
  const orders = useMyOrders();
  if (!orders.data) return null;
  const due = orders.data.filter((o) => o.dueKopecks > 0);
  const dueSum = due.reduce((sum, o) => sum + o.dueKopecks, 0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {due.length ? `К оплате ${formatMoney(dueSum)}` : 'Долгов нет'}
        </Title>
        <Text size="sm" c="dimmed" data-testid="due-summary">
          {due.length
            ? `${due.length} ${plural(due.length, 'заказ', 'заказа', 'заказов')} ${plural(due.length, 'ждёт', 'ждут', 'ждут')} оплаты.`
            : orders.data.length
              ? 'Все заказы оплачены.'
              : 'Заказов пока нет: они появятся, когда организатор загрузит закупку с вашим телефоном.'}
        </Text>
        {orders.data.slice(0, 3).map((o) => (
          <Group key={o.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={href('Order', { id: o.id })} size="sm">
              № {o.number} · {o.purchase.title}
            </Anchor>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(o.totalKopecks)}
            </Text>
          </Group>
        ))}
        {due.length > 0 && (
          <Anchor component={Link} to={routes.PersonalUnpaidOrders.path} size="sm" fw={600}>
            Перейти к оплате
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

export function PersonalHomePage() {
  const { user } = useSession();
  const settings = usePublicSettings();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Личный кабинет</Title>
        <Text c="dimmed">
          Здравствуйте, {user.name}! Вы с нами с {formatDate(user.createdAt)}.
        </Text>
      </Stack>
      <DueSummary />
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
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Ваши данные
          </Title>
          <Text>
            {user.name} {user.surname}, {formatPhone(user.phone)}
            {user.email ? `, ${user.email}` : ''}
          </Text>
          <Anchor component={Link} to={routes.PersonalProfile.path} size="sm">
            Изменить профиль
          </Anchor>
        </Stack>
      </Card>
      <ReferralLinkCard referralCode={user.referralCode} />
      {settings && (
        <Text size="sm">
          Уведомления об оплате и доставке удобно получать в Telegram:{' '}
          <Anchor href={`https://t.me/${settings.telegramBotUsername}`} target="_blank" rel="noopener">
            @{settings.telegramBotUsername}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
