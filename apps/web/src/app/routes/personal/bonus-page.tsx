import { Stack, Text, Title } from '@mantine/core';
import { MyBonusHistory, MyBonusOverview } from '@/features/bonus';

/** «Бонусная система»: the client's balance and terms, the invitation link, and every change of the bonuses. */
export function PersonalBonusPage() {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Бонусная система</Title>
        <Text c="dimmed">Кешбэк за оплаченные заказы и бонусы за приглашённых друзей можно тратить на следующие заказы.</Text>
      </Stack>
      <MyBonusOverview />
      <MyBonusHistory />
    </Stack>
  );
}
