import { Alert, Anchor, Button, Card, Divider, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TelegramLink, TelegramLinkStart } from '@vmeste/contract';
import { IconAlertTriangle, IconBrandTelegram, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { confirm } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { toastServerError } from '@/lib/toasts';
import { useStartTelegramLink } from '../api/start-telegram-link';
import { useTelegramLink } from '../api/get-telegram-link';
import { useUnlinkTelegram } from '../api/unlink-telegram';
import { TelegramNotificationSettings } from './telegram-notification-settings';

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
 * and date, can be unlinked, and warns when the bot is blocked.
 */
export function TelegramLinkCard({
  title = 'Telegram',
  description = 'Подключите Telegram, чтобы получать уведомления об оплате, поступлении товара и доставке в Telegram, а не по СМС.',
  withPreferences = false,
}: Props) {
  const [waiting, setWaiting] = useState<TelegramLinkStart | null>(null);
  const [isExpired, setExpired] = useState(false);
  const link = useTelegramLink({ pollMs: waiting ? LINK_POLL_MS : false });
  const isLinked = link.data?.isLinked ?? false;
  const isWaiting = waiting !== null && !isLinked;

  // The token dies at expiresAt: asking after that is pointless, and the person needs a new link.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(
      () => {
        setWaiting(null);
        setExpired(true);
      },
      Math.max(0, Date.parse(waiting.expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting]);

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
          <LinkedAccount
            link={link.data}
            onUnlinked={() => {
              setWaiting(null);
              setExpired(false);
            }}
          />
        ) : (
          <NotLinked
            description={description}
            waiting={isWaiting ? waiting : null}
            isExpired={isExpired}
            onStarted={(started) => {
              setExpired(false);
              setWaiting(started);
            }}
          />
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

function NotLinked({
  description,
  waiting,
  isExpired,
  onStarted,
}: {
  description: string;
  waiting: TelegramLinkStart | null;
  isExpired: boolean;
  onStarted: (started: TelegramLinkStart) => void;
}) {
  const start = useStartTelegramLink();

  async function connect() {
    try {
      const started = await start.mutateAsync();
      window.open(started.url, '_blank', 'noopener');
      onStarted(started);
    } catch (error) {
      toastServerError(error);
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm">{description}</Text>
      <Group>
        <Button leftSection={<IconBrandTelegram size={18} />} loading={start.isPending} onClick={() => void connect()}>
          Подключить Telegram
        </Button>
      </Group>
      {waiting && (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} data-testid="telegram-link-waiting" role="status">
          <Stack gap={4}>
            <Text size="sm">{START_HINT}</Text>
            <Text size="sm">
              {/* A browser may block a window opened after a request; this link opens it by the person's own click. */}
              Telegram не открылся?{' '}
              <Anchor href={waiting.url} target="_blank" rel="noopener" size="sm">
                {waiting.isEmulator ? 'Открыть эмулятор Telegram' : 'Открыть бота'}
              </Anchor>
            </Text>
            {waiting.isEmulator && (
              <Text size="xs" c="dimmed">
                Бот работает в режиме эмулятора: ссылка ведёт на его страницу в магазине, а не в настоящий Telegram.
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {isExpired && !waiting && (
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
