import { type ImportRow, MAX_LINE_QUANTITY, normalizePhone, orderLineFields, parseRublesToKopecks } from '@vmeste/contract';
import type { z } from 'zod';
import type { RawImportRow } from './import-file.js';

/** «Товар — не больше…» of a hand-made order reads «товар — не больше…» in a row's list of errors. */
function rowErrorOf(field: z.ZodType, value: unknown): string | null {
  const result = field.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]!.message;
  // An abbreviation (ФИО) keeps its capitals.
  return /^\p{Lu}\p{Ll}/u.test(message) ? message.charAt(0).toLowerCase() + message.slice(1) : message;
}

/**
 * One row of an orders file, checked cell by cell with the fields of a hand-made order (lengths the
 * index holds, price and quantity within the shop's limits), so the preview refuses what apply would.
 */
export function checkImportRow({ rowNumber, values }: RawImportRow): ImportRow {
  const errors: string[] = [];
  const phone = values.phone ? normalizePhone(values.phone) : null;
  if (!values.phone) errors.push('не указан телефон');
  else if (!phone) errors.push('телефон указан неверно');
  if (!values.product) errors.push('не указан товар');
  for (const [field, value] of [
    [orderLineFields.product, values.product],
    [orderLineFields.article, values.article],
    [orderLineFields.options, values.options],
    [orderLineFields.clientName, values.clientName],
  ] as const) {
    const error = value ? rowErrorOf(field, value) : null;
    if (error) errors.push(error);
  }
  const isCount = /^\d+$/.test(values.quantity) && Number(values.quantity) > 0;
  const quantity = isCount && Number(values.quantity) <= MAX_LINE_QUANTITY ? Number(values.quantity) : null;
  if (!isCount) errors.push('количество — не целое положительное число');
  else if (quantity === null) errors.push(rowErrorOf(orderLineFields.quantity, Number(values.quantity))!);
  const parsed = parseRublesToKopecks(values.price);
  const isPrice = parsed !== null && parsed > 0;
  const priceError = isPrice ? rowErrorOf(orderLineFields.unitPriceKopecks, parsed) : 'цена — не денежная сумма';
  if (priceError) errors.push(priceError);
  const price = priceError ? null : parsed;
  return {
    rowNumber,
    phone,
    clientName: values.clientName,
    product: values.product,
    article: values.article,
    options: values.options,
    quantity,
    unitPriceKopecks: price,
    totalKopecks: quantity && price ? quantity * price : null,
    accountName: null,
    errors,
  };
}
