import { z } from 'zod';
import { phoneField } from './auth.js';
import { patchOf } from './schema-helpers.js';

/** The Luhn checksum every bank card number passes. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** `2200 1234 5678 9012` → `•••• 9012`. */
export function maskCardNumber(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

export const cardNumberField = z
  .string({ error: 'Укажите номер карты' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{13,19}$/, 'Номер карты — от 13 до 19 цифр')
      .refine(isLuhnValid, 'Номер карты указан с ошибкой: не сходится контрольная цифра'),
  );

export const cardBodySchema = z.object({
  bank: z.string({ error: 'Укажите банк' }).trim().min(1, 'Укажите банк').max(100, 'Название банка — не больше 100 символов'),
  holderName: z
    .string({ error: 'Укажите получателя' })
    .trim()
    .min(1, 'Укажите получателя')
    .max(100, 'Имя получателя — не больше 100 символов'),
  number: cardNumberField,
  sbpPhone: phoneField.nullable().default(null),
  isActive: z.boolean({ error: 'Признак должен быть true или false' }).default(true),
});
export type CardBody = z.input<typeof cardBodySchema>;
export const cardPatchSchema = patchOf(cardBodySchema);

export const cardIdParamsSchema = z.object({ id: z.uuid({ error: 'Карта не найдена' }) });

export const cardSchema = z.object({
  id: z.uuid(),
  bank: z.string(),
  holderName: z.string(),
  number: z.string(),
  numberMasked: z.string(),
  sbpPhone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;
