import { Anchor, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import { useSession } from '@/lib/session';
import { usePublicSettings } from '../api/get-public-settings';

/** The shop's Telegram bot for notifications; clients are told where to link it to their account. */
export function TelegramBotCard() {
  const settings = usePublicSettings();
  const { user } = useSession();
  // A shop without a bot (production without a token) sends no one to a bot that does not answer.
  if (settings && !settings.isTelegramEnabled) return null;
  return (
    <Card withBorder radius="lg" padding="xl" bg="indigo.0">
      <Group justify="space-between" align="center" gap="lg">
        <Group wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px' }}>
          <ThemeIcon size={48} radius="xl" color="blue.8" aria-hidden>
            <IconBrandTelegram size={28} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h4">
              Telegram-бот «Вместе»
            </Title>
            <Text>Подключите Telegram-бота, чтобы узнавать об оплате, поступлении товара и доставке.</Text>
            {user?.role === 'client' && (
              <Text size="sm" c="dimmed">
                Привязать бота к аккаунту можно в{' '}
                <Anchor component={Link} to={routes.PersonalProfile.path} inherit>
                  профиле
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        </Group>
        {settings ? (
          <Button
            component="a"
            href={`https://t.me/${settings.telegramBotUsername}`}
            target="_blank"
            rel="noopener noreferrer"
            color="blue.8"
            leftSection={<IconBrandTelegram size={18} />}
          >
            Открыть @{settings.telegramBotUsername}
          </Button>
        ) : (
          <Skeleton h={36} w={200} radius="md" />
        )}
      </Group>
    </Card>
  );
}
