import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cashbackMomentTitles, type MyBonus } from '@vmeste/contract';
import { IconFlame } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMyBonus } from '../api/get-my-bonus';
import { QueryFallback } from '@/components/query-error';
import { balanceTexts, DEBT_NOTE, expiringText, formatPercent } from './bonus-texts';
import { MyReferralCard } from './my-referral-card';

/** The top of «Бонусная система»: the balance, what expires soonest, the client's terms and the friends invited. */
export function MyBonusOverview() {
  const bonus = useMyBonus();
  if (bonus.isError || !bonus.data) return <QueryFallback query={bonus} skeletonHeight={240} />;
  return (
    <Stack gap="lg">
      <BalanceCard bonus={bonus.data} />
      <TermsCard bonus={bonus.data} />
      <MyReferralCard referral={bonus.data.referral} creditOn={bonus.data.creditOn} />
    </Stack>
  );
}

function BalanceCard({ bonus }: { bonus: MyBonus }) {
  const balance = balanceTexts(bonus.balanceKopecks, 'На бонусном счёте');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="bonus-balance">
      <Stack gap={6}>
        <Text c="dimmed" size="sm">
          {balance.title}
        </Text>
        <Text fz={40} fw={700} lh={1.1} c={balance.isDebt ? 'red.9' : undefined}>
          {balance.amount}
        </Text>
        {balance.isDebt && <Text size="sm">{DEBT_NOTE}</Text>}
        {bonus.expiring && (
          <Group gap={6} wrap="nowrap" data-testid="bonus-expiring">
            <IconFlame size={18} color="var(--mantine-color-orange-8)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="orange.9">
              {expiringText(bonus.expiring)}
            </Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          1 бонус = 1 ₽. Бонусами можно оплатить заказы и доставку в разделе «Неоплаченные заказы».
        </Text>
      </Stack>
    </Card>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={600}>
        {children}
      </Text>
    </Stack>
  );
}

/** How the client earns and spends: own percent, when cashback comes, how much of a payment bonuses may cover. */
function TermsCard({ bonus }: { bonus: MyBonus }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Как это работает
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" data-testid="bonus-terms">
          <Term label="Ваш кешбэк">
            <Group gap={6}>
              {formatPercent(bonus.cashbackPercent)} от суммы заказа
              {bonus.isCustomPercent && (
                <Badge variant="light" color="grape" c="grape.9">
                  индивидуальный
                </Badge>
              )}
            </Group>
          </Term>
          <Term label="Когда начисляется">{cashbackMomentTitles[bonus.creditOn]}</Term>
          <Term label="Оплата бонусами">до {formatPercent(bonus.spendCapPercent)} суммы оплаты</Term>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
