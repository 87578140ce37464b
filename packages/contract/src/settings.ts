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
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
