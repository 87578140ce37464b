import { Stack, Text, Title } from '@mantine/core';
import type { User } from '@vmeste/contract';
import { AccountDetailsCard, ReferralLinkCard } from '@/features/accounts';
import { BonusBalanceCard } from '@/features/bonus';
import { DueSummary } from '@/features/orders';
import { TelegramBotHint } from '@/features/site';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { CabinetShortcuts } from './cabinet-shortcuts';

export function PersonalHomePage() {
  const { user } = useSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Личный кабинет</Title>
        {/* The page's frame, rendered by the server, waits for the browser to know who is signed in. */}
        {user && (
          <Text c="dimmed">
            Здравствуйте, {user.name}! Вы с нами с {formatDate(user.createdAt)}.
          </Text>
        )}
      </Stack>
      {user && <PersonalHomeSections user={user} />}
    </Stack>
  );
}

function PersonalHomeSections({ user }: { user: User }) {
  return (
    <>
      <DueSummary />
      <BonusBalanceCard />
      <CabinetShortcuts />
      <AccountDetailsCard user={user} />
      <ReferralLinkCard referralCode={user.referralCode} />
      <TelegramBotHint />
    </>
  );
}
