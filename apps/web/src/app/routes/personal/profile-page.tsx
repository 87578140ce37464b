import { Card, Stack, Title } from '@mantine/core';
import { PasswordForm, ProfileForm, ReferralLinkCard } from '@/features/accounts';
import { TelegramLinkCard } from '@/features/telegram';
import { useSession } from '@/lib/session';

export function PersonalProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>Профиль</Title>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Личные данные
        </Title>
        <ProfileForm key={user.id} user={user} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Пароль
        </Title>
        <PasswordForm />
      </Card>
      <TelegramLinkCard withPreferences />
      <ReferralLinkCard referralCode={user.referralCode} />
    </Stack>
  );
}
