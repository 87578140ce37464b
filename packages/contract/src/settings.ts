import { z } from 'zod';

/** Company details and public switches the web app needs; configured on the server. */
export const publicSettingsSchema = z.object({
  companyName: z.string(),
  companyInn: z.string(),
  companyOgrn: z.string(),
  companyAddress: z.string(),
  companyEmail: z.string(),
  companyPhone: z.string(),
  telegramBotUsername: z.string(),
  sentryDsn: z.string().nullable(),
  /**
   * Who takes online payments: sandbox — the built-in test provider (no money moves, every page says
   * «Тестовый режим оплаты»); yookassa — real money; null — none, so only card transfer and cash.
   */
  paymentProvider: z.enum(['sandbox', 'yookassa']).nullable(),
  /** The shop's own distribution point, where self-pickup parcels are collected. */
  pickupAddress: z.string(),
  pickupHours: z.string(),
  /** The shop has a Telegram bot (a real one, or the built-in emulator outside production); off — no linking, SMS only. */
  isTelegramEnabled: z.boolean(),
  /** Address suggestions work (the server has a DaData key); otherwise the address is typed by hand. */
  isAddressSuggestEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
