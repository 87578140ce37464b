import { z } from 'zod';
import { roles } from './roles.js';

export const userSchema = z.object({
  id: z.uuid(),
  phone: z.string().describe('11 цифр, начиная с 7'),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  role: z.enum(roles),
  isConfirmedAccount: z.boolean(),
  referralCode: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type User = z.infer<typeof userSchema>;
