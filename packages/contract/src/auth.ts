import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account-rules.js';
import { normalizePhone } from './phone.js';
import { userSchema } from './users.js';

export const phoneField = z
  .string({ error: 'Укажите телефон' })
  .trim()
  .min(1, 'Укажите телефон')
  .max(32, 'Телефон указан неверно: введите номер в формате +7 (999) 999-99-99')
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Телефон указан неверно: введите номер в формате +7 (999) 999-99-99' });
      return z.NEVER;
    }
    return phone;
  });

const personName = (label: string) =>
  z
    .string({ error: `Укажите ${label}` })
    .trim()
    .min(1, `Укажите ${label}`)
    .max(100, `Слишком длинное значение поля «${label}»: не больше 100 символов`);

export const newPasswordField = z
  .string({ error: 'Укажите пароль' })
  .min(PASSWORD_MIN_LENGTH, `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов`)
  .max(PASSWORD_MAX_LENGTH, `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов`);

export const signinBodySchema = z.object({
  phone: phoneField,
  password: z.string({ error: 'Укажите пароль' }).min(1, 'Укажите пароль').max(PASSWORD_MAX_LENGTH, 'Неверный телефон или пароль'),
});

export const signupBodySchema = z.object({
  phone: phoneField,
  name: personName('имя'),
  surname: personName('фамилию'),
  password: newPasswordField,
  email: z
    .string({ error: 'Электронная почта указана неверно' })
    .trim()
    .max(254, 'Электронная почта указана неверно')
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .pipe(z.email({ error: 'Электронная почта указана неверно' }).optional()),
  referer: z
    .string({ error: 'Реферальный код указан неверно' })
    .trim()
    .max(64, 'Реферальный код указан неверно')
    .optional()
    .transform((value) => value || undefined),
  acceptPolicy: z.literal(true, { error: 'Нужно согласие на обработку персональных данных' }),
});

export const authResponseSchema = z.object({
  accessToken: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
