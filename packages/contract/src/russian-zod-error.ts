import type { z } from 'zod';
import { plural } from './plural.js';

/**
 * zod's own messages, for the checks a schema does not word itself, in Russian. zod's Russian locale
 * names types in English (`ожидалось string`) and quotes unknown keys and patterns; these never show
 * the value received, so an error answer cannot echo what a caller sent.
 */
const typeNames: Record<string, string> = {
  string: 'текст',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'да или нет',
  object: 'объект с полями',
  array: 'список',
  tuple: 'список',
  record: 'объект с полями',
  date: 'дата',
  file: 'файл',
};

const formatMessages: Record<string, string> = {
  email: 'Неверный адрес электронной почты',
  url: 'Неверная ссылка',
  uuid: 'Неверный идентификатор',
  guid: 'Неверный идентификатор',
  date: 'Дата указывается в формате ГГГГ-ММ-ДД',
  datetime: 'Дата и время указываются в формате ГГГГ-ММ-ДДTЧЧ:ММ',
  time: 'Время указывается в формате ЧЧ:ММ',
};

type Bound = { origin?: string; inclusive?: boolean };

function countOf(origin: string | undefined, n: number): string {
  if (origin === 'string') return `${n} ${plural(n, 'символ', 'символа', 'символов')}`;
  if (origin === 'file') return `${n} ${plural(n, 'байт', 'байта', 'байт')}`;
  return `${n} ${plural(n, 'элемент', 'элемента', 'элементов')}`;
}

function tooBig({ origin, inclusive }: Bound, maximum: number | bigint): string {
  const n = Number(maximum);
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return inclusive ? `Не больше ${n}` : `Меньше ${n}`;
  if (origin === 'date') return 'Слишком поздняя дата';
  if (origin === 'string') return `Не длиннее ${countOf(origin, n)}`;
  return `Не больше ${countOf(origin, n)}`;
}

function tooSmall({ origin, inclusive }: Bound, minimum: number | bigint): string {
  const n = Number(minimum);
  if (origin === 'number' || origin === 'int' || origin === 'bigint') return inclusive ? `Не меньше ${n}` : `Больше ${n}`;
  if (origin === 'date') return 'Слишком ранняя дата';
  if (origin === 'string') return n <= 1 ? 'Заполните это поле' : `Не короче ${countOf(origin, n)}`;
  return n <= 1 ? 'Список пуст' : `Не меньше ${countOf(origin, n)}`;
}

export const russianZodError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Заполните это поле';
      return `Ожидается ${typeNames[issue.expected] ?? 'другое значение'}`;
    case 'too_big':
      return tooBig(issue, issue.maximum);
    case 'too_small':
      return tooSmall(issue, issue.minimum);
    case 'invalid_format':
      return formatMessages[issue.format] ?? 'Неверный формат';
    case 'not_multiple_of':
      return `Должно делиться на ${Number(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'В запросе есть лишние поля';
    case 'invalid_value':
      return 'Недопустимое значение';
    case 'invalid_union':
      return 'Значение не подходит ни под один из вариантов';
    case 'invalid_key':
      return 'Неверное имя поля';
    case 'invalid_element':
      return 'Неверный элемент списка';
    default:
      return 'Неверное значение';
  }
};
