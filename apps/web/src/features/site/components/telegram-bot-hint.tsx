import { Anchor, Text } from '@mantine/core';
import { usePublicSettings } from '../api/get-public-settings';

/** A line in the cabinet pointing to the shop's Telegram bot; nothing until the settings arrive or without a bot. */
export function TelegramBotHint() {
  const settings = usePublicSettings();
  if (!settings?.isTelegramEnabled) return null;
  return (
    <Text size="sm">
      Уведомления об оплате и доставке удобно получать в Telegram:{' '}
      <Anchor href={`https://t.me/${settings.telegramBotUsername}`} target="_blank" rel="noopener">
        @{settings.telegramBotUsername}
      </Anchor>
    </Text>
  );
}
