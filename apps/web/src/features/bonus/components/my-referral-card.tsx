import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MyBonus } from '@vmeste/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { routes } from '@/config/routes';
import { formatPercent, referralCreditNotes, referralStatsText } from './bonus-texts';

/** The invitation link with a copy button, the referral percent and when it comes, and what the invited friends brought. */
export function MyReferralCard({ referral, creditOn }: { referral: MyBonus['referral']; creditOn: MyBonus['creditOn'] }) {
  const link = `${window.location.origin}${routes.Signup.path}?ref=${referral.code}`;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Приглашайте друзей
        </Title>
        <Text size="sm" c="dimmed">
          Друзья, зарегистрированные по вашей ссылке, приносят вам {formatPercent(referral.referralPercent)} от суммы каждого своего заказа,
          оплаченной деньгами. {referralCreditNotes[creditOn]}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput value={link} readOnly aria-label="Реферальная ссылка" style={{ flex: 1, minWidth: 0 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                style={{ flexShrink: 0 }}
              >
                {copied ? 'Скопировано' : 'Копировать'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm" data-testid="referral-stats">
          {referralStatsText(referral.friendsCount, referral.earnedKopecks, creditOn)}
        </Text>
      </Stack>
    </Card>
  );
}
