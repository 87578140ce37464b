import { Stack, Switch, Text, Title } from '@mantine/core';
import { messageKindTitles, type TelegramLink, type TelegramSwitchableKind, telegramSwitchableKinds } from '@vmeste/contract';
import { runAction } from '@/lib/run-action';
import { useUpdateTelegramPreferences } from '../api/update-telegram-preferences';

/** Codes and password-reset links always come: shown switched on, and no one can switch them off. */
const alwaysOnKinds = ['activation_code', 'password_reset'] as const;

export const ALWAYS_ON_NOTE = 'Коды подтверждения и ссылки для смены пароля приходят всегда — их нельзя отключить.';

/**
 * «Уведомления в Telegram»: a switch per kind of notification, saved at once. While a change is on its
 * way the switches show it and wait, so two quick clicks cannot overwrite each other.
 */
export function TelegramNotificationSettings({ link }: { link: TelegramLink }) {
  const update = useUpdateTelegramPreferences();
  const mutedKinds = update.isPending ? update.variables.body.mutedKinds : link.mutedKinds;

  function toggle(kind: TelegramSwitchableKind, isOn: boolean) {
    const next = telegramSwitchableKinds.filter((k) => (k === kind ? !isOn : mutedKinds.includes(k)));
    const title = messageKindTitles[kind];
    void runAction(
      () => update.mutateAsync({ body: { mutedKinds: next } }),
      isOn ? `«${title}» снова будут приходить в Telegram` : `«${title}» больше не будут приходить в Telegram`,
    );
  }

  return (
    <Stack gap="sm" role="group" aria-labelledby="telegram-notifications-title">
      <Title order={3} size="h5" id="telegram-notifications-title">
        Уведомления в Telegram
      </Title>
      {telegramSwitchableKinds.map((kind) => (
        <Switch
          key={kind}
          label={messageKindTitles[kind]}
          checked={!mutedKinds.includes(kind)}
          disabled={update.isPending}
          onChange={(event) => toggle(kind, event.currentTarget.checked)}
        />
      ))}
      {alwaysOnKinds.map((kind) => (
        <Switch key={kind} label={messageKindTitles[kind]} checked disabled readOnly />
      ))}
      <Text size="xs" c="dimmed">
        {ALWAYS_ON_NOTE}
      </Text>
    </Stack>
  );
}
