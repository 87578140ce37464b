import { usePublicSettings } from '@/features/site';

/** Whether the shop has a Telegram bot: `unknown` until the public settings arrive (the app shell reads them first). */
export function useTelegramAvailability(): 'on' | 'off' | 'unknown' {
  const settings = usePublicSettings();
  if (!settings) return 'unknown';
  return settings.isTelegramEnabled ? 'on' : 'off';
}

/**
 * Whether the shop has no Telegram bot (a production start without TELEGRAM_BOT_TOKEN): then nothing
 * offers to link or confirm through Telegram. Unknown settings count as on, so a page does not flicker.
 */
export function useIsTelegramOff(): boolean {
  return useTelegramAvailability() === 'off';
}
