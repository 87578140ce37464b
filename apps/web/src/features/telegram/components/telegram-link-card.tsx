import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TelegramLink, TelegramLinkStart } from '@vmeste/contract';
import { IconAlertTriangle, IconBrandTelegram, IconCircleCheck } from '@tabler/icons-react';
import { errorMessageOf } from '@/lib/api-client';
import { confirm } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useTelegramLink } from '../api/get-telegram-link';
import { useUnlinkTelegram } from '../api/unlink-telegram';
import { TelegramNotificationSettings } from './telegram-notification-settings';
import { TelegramStartAlert } from './telegram-start-alert';
import { useIsTelegramOff } from './use-telegram-off';
import { type TelegramStart, useTelegramStart } from './use-telegram-start';

/** How often a link waiting for «Start» asks whether the chat is linked yet. */
export const LINK_POLL_MS = 2000;
export const LINKED_TEXT = 'Telegram подключён';
export const START_HINT = 'Нажмите «Запустить» (Start) в Telegram — после этого здесь появится «Telegram подключён»';

type Props = {
  title?: string;
  /** What linking gives here; the client's profile and the admin's scheduler say different things. */
  description?: string;
  /** The switches of notification kinds: on the client's profile only. */
  withPreferences?: boolean;
};

/**
 * The signed-in person's Telegram: «Подключить Telegram» opens the bot with a one-time link and waits
 * (asking every two seconds until the link expires) for «Start» there; a linked chat shows its account
 * and date, can be unlinked, and warns when the bot is blocked. A shop without a bot shows nothing.
 */
export function TelegramLinkCard({
  title = 'Telegram',
  description = 'Подключите Telegram, чтобы получать уведомления об оплате, поступлении товара и доставке в Telegram, а не по СМС.',
  withPreferences = false,
}: Props) {
  const isOff = useIsTelegramOff();
  const start = useTelegramStart();
  const { waiting } = start;
  const link = useTelegramLink({ pollMs: waiting ? LINK_POLL_MS : false });
  const isLinked = link.data?.isLinked ?? false;
  const isWaiting = waiting !== null && !isLinked;

  if (isOff) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="telegram-link-card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {link.isError && !link.data ? (
          <Alert color="red" variant="light" role="alert" title="Не удалось узнать, подключён ли Telegram">
            {errorMessageOf(link.error)}
          </Alert>
        ) : !link.data ? (
          <Skeleton h={60} />
        ) : isLinked ? (
          <LinkedAccount link={link.data} onUnlinked={start.reset} />
        ) : (
          <NotLinked description={description} start={start} waiting={isWaiting ? waiting : null} />
        )}
        {withPreferences && link.data?.isLinked && (
          <>
            <Divider my="xs" />
            <TelegramNotificationSettings link={link.data} />
          </>
        )}
      </Stack>
    </Card>
  );
}

function NotLinked({ description, start, waiting }: { description: string; start: TelegramStart; waiting: TelegramLinkStart | null }) {
  return (
    <Stack gap="sm">
      <Text size="sm">{description}</Text>
      <Group>
        <Button leftSection={<IconBrandTelegram size={18} />} loading={start.isStarting} onClick={() => void start.open()}>
          Подключить Telegram
        </Button>
      </Group>
      {waiting && <TelegramStartAlert started={waiting} hint={START_HINT} testId="telegram-link-waiting" />}
      {start.isExpired && !waiting && (
        <Text size="sm" c="dimmed" role="status">
          Ссылка устарела. Нажмите «Подключить Telegram» ещё раз.
        </Text>
      )}
    </Stack>
  );
}

function LinkedAccount({ link, onUnlinked }: { link: TelegramLink; onUnlinked: () => void }) {
  const unlink = useUnlinkTelegram();

  async function askUnlink() {
    const isConfirmed = await confirm({
      title: 'Отключить Telegram?',
      messageHtml: 'Уведомления снова будут приходить по СМС. Подключить Telegram можно в любой момент.',
      confirmLabel: 'Отключить',
      cancelLabel: 'Не отключать',
      isDanger: true,
    });
    if (!isConfirmed) return;
    if (await runAction(() => unlink.mutateAsync(), 'Telegram отключён')) onUnlinked();
  }

  const details = [link.accountTitle && `Аккаунт ${link.accountTitle}`, link.linkedAt && `подключён ${formatDate(link.linkedAt)}`]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text fw={600} data-testid="telegram-linked">
              {LINKED_TEXT}
            </Text>
          </Group>
          {details && (
            <Text size="sm" c="dimmed" data-testid="telegram-account">
              {details}
            </Text>
          )}
        </Stack>
        <Button variant="light" color="red" loading={unlink.isPending} onClick={() => void askUnlink()}>
          Отключить
        </Button>
      </Group>
      {link.isBlocked && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Бот заблокирован" data-testid="telegram-blocked">
          Вы заблокировали бота в Telegram, поэтому уведомления приходят по СМС. Разблокируйте бота — и они снова будут приходить в
          Telegram.
        </Alert>
      )}
    </Stack>
  );
}
