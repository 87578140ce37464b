import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import { useMyBonus } from '../api/get-my-bonus';
import { balanceTexts, expiringText } from './bonus-texts';

/** The bonus balance on the cabinet's home, with the way to the bonus page; nothing while unknown. */
export function BonusBalanceCard() {
  const bonus = useMyBonus();
  if (!bonus.data) return null;
  const { balanceKopecks, expiring } = bonus.data;
  const balance = balanceTexts(balanceKopecks, 'Бонусы');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="home-bonus-balance">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconGift aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {balance.title}
            </Text>
            <Text fz="xl" fw={700} c={balance.isDebt ? 'red.9' : undefined}>
              {balance.amount}
            </Text>
            {expiring && (
              <Text size="xs" c="orange.9">
                {expiringText(expiring)}
              </Text>
            )}
          </Stack>
        </Group>
        <Button component={Link} to={routes.PersonalBonus.path} variant="light">
          Подробнее
        </Button>
      </Group>
    </Card>
  );
}
