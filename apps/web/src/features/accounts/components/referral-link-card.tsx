import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { routes } from '@/config/routes';

/** The client's invitation link (`/signup?ref=CODE`) with a copy button. */
export function ReferralLinkCard({ referralCode }: { referralCode: string }) {
  const link = `${window.location.origin}${routes.Signup.path}?ref=${referralCode}`;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Приглашайте друзей
        </Title>
        <Text size="sm" c="dimmed">
          Друзья, зарегистрированные по вашей ссылке, приносят вам бонусы с каждого оплаченного заказа.
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput value={link} readOnly aria-label="Реферальная ссылка" style={{ flex: 1 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Скопировано' : 'Копировать'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}
