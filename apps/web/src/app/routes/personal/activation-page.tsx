import { Stack, Text, Title } from '@mantine/core';
import { ACTIVATION_CODE_LENGTH, formatPhone } from '@vmeste/contract';
import { ActivationForm } from '@/features/accounts';
import { TelegramActivation } from '@/features/telegram';
import { useSession } from '@/lib/session';

/** Where an unconfirmed client stays until the phone is confirmed: with the SMS code or through the Telegram bot. */
export function PersonalActivationPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap={4}>
        <Title order={1}>Активация аккаунта</Title>
        <Text c="dimmed">
          Подтвердите телефон {formatPhone(user.phone)} кодом из СМС: в нём {ACTIVATION_CODE_LENGTH} цифр, он действует 10 минут.
        </Text>
      </Stack>
      <ActivationForm />
      <TelegramActivation />
    </Stack>
  );
}
