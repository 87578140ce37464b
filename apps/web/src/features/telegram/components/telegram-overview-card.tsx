import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TelegramOverview } from '@vmeste/contract';
import { IconBrandTelegram } from '@tabler/icons-react';
import { ATTENTION_COLOR } from '@/config/colors';
import { errorMessageOf } from '@/lib/api-client';
import { blockedText, EMULATOR_NOTE, modeTitles, subscribersText } from './telegram-texts';

/** A channel set as `@name` links to it; a numeric id has no public address. */
function ChannelText({ channel }: { channel: string | null }) {
  if (!channel) {
    return (
      <Text span c="dimmed">
        канал не настроен
      </Text>
    );
  }
  return channel.startsWith('@') ? (
    <Anchor href={`https://t.me/${channel.slice(1)}`} target="_blank" rel="noopener">
      {channel}
    </Anchor>
  ) : (
    <>{channel}</>
  );
}

type Props = { overview: TelegramOverview | undefined; isError: boolean; error: unknown };

/** The scheduler's header: the bot, the channel, how the shop talks to Telegram, and the subscribers. */
export function TelegramOverviewCard({ overview, isError, error }: Props) {
  if (isError && !overview) {
    return (
      <Alert color="red" variant="light" role="alert" title="Не удалось узнать, как настроен бот">
        {errorMessageOf(error)}
      </Alert>
    );
  }
  if (!overview) return <Skeleton h={96} radius="md" />;
  const isEmulator = overview.mode === 'emulator';
  return (
    <Card withBorder radius="md" padding="md" data-testid="telegram-overview">
      <Stack gap="sm">
        <Group gap="xl" wrap="wrap" align="center" style={{ rowGap: 'var(--mantine-spacing-xs)' }}>
          <Group gap={6} wrap="nowrap">
            <IconBrandTelegram size={22} color="var(--mantine-color-blue-6)" aria-hidden />
            <Text>
              Бот{' '}
              {isEmulator ? (
                <b>@{overview.botUsername}</b>
              ) : (
                <Anchor href={`https://t.me/${overview.botUsername}`} target="_blank" rel="noopener" fw={600}>
                  @{overview.botUsername}
                </Anchor>
              )}
            </Text>
          </Group>
          <Text>
            Канал: <ChannelText channel={overview.channel} />
          </Text>
          <Text data-testid="telegram-subscribers">
            {subscribersText(overview.subscribers)}, {blockedText(overview.blocked)}
          </Text>
        </Group>
        {isEmulator ? (
          <Badge
            color={ATTENTION_COLOR}
            variant="light"
            size="lg"
            tt="none"
            fw={500}
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
            data-testid="telegram-mode"
          >
            {EMULATOR_NOTE}
          </Badge>
        ) : (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Связь с Telegram:
            </Text>
            <Badge color="teal" variant="light" tt="none" data-testid="telegram-mode">
              {modeTitles[overview.mode]}
            </Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
