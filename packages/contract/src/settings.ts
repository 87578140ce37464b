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
  /** sandbox: the built-in test provider takes online payments (no money moves). */
  paymentProvider: z.enum(['sandbox', 'yookassa']),
  /** The shop's own distribution point, where self-pickup parcels are collected. */
  pickupAddress: z.string(),
  pickupHours: z.string(),
  /** Address suggestions work (the server has a DaData key); otherwise the address is typed by hand. */
  isAddressSuggestEnabled: z.boolean(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
