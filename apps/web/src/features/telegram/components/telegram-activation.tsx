import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { saveUser } from '@/lib/session';
import { toast } from '@/lib/toasts';
import { useActivationAccount } from '../api/get-activation-account';
import { TelegramStartAlert } from './telegram-start-alert';
import { useIsTelegramOff } from './use-telegram-off';
import { useTelegramStart } from './use-telegram-start';

/** How often a link waiting for the shared number asks whether the account is confirmed yet. */
export const ACTIVATION_POLL_MS = 3000;
export const ACTIVATION_EXPLANATION =
  'Откройте бота магазина, нажмите «Запустить», затем «Поделиться номером» — Telegram передаст ваш номер, и аккаунт подтвердится без СМС.';
export const ACTIVATION_HINT =
  'Нажмите в Telegram «Запустить», затем «Поделиться номером» — как только номер придёт, эта страница откроет кабинет';
export const ACTIVATION_EXPIRED = 'Ссылка устарела. Нажмите «Подтвердить через Telegram» ещё раз.';

/**
 * The other way to confirm a new client's phone: the bot, to which the person shares their own
 * number. «Подтвердить через Telegram» opens the bot with a one-time link and asks for the account
 * every three seconds until it is confirmed or the link expires. The confirmed user is stored in the
 * session, as after the SMS code, and the guard then opens the cabinet. A shop without a bot offers
 * the SMS code only.
 */
export function TelegramActivation() {
  const isOff = useIsTelegramOff();
  const start = useTelegramStart();
  const { waiting } = start;
  const account = useActivationAccount({ pollMs: waiting ? ACTIVATION_POLL_MS : false });
  const confirmed = account.data?.isConfirmedAccount ? account.data : null;
  const isDone = useRef(false);

  useEffect(() => {
    if (!confirmed || isDone.current) return;
    isDone.current = true;
    saveUser(confirmed);
    toast.success('Аккаунт подтверждён');
  }, [confirmed]);

  if (isOff) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="telegram-activation">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Или подтвердите через Telegram
        </Title>
        <Text size="sm">{ACTIVATION_EXPLANATION}</Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconBrandTelegram size={18} />}
            loading={start.isStarting}
            onClick={() => void start.open()}
          >
            Подтвердить через Telegram
          </Button>
        </Group>
        {waiting && !confirmed && <TelegramStartAlert started={waiting} hint={ACTIVATION_HINT} testId="telegram-activation-waiting" />}
        {waiting && account.isError && (
          <Text size="sm" c="dimmed">
            Не удалось узнать, подтверждён ли аккаунт. Пробуем ещё раз…
          </Text>
        )}
        {start.isExpired && !waiting && (
          <Text size="sm" c="dimmed" role="status">
            {ACTIVATION_EXPIRED}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
