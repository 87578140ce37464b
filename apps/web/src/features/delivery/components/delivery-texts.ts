import { type Recipient, formatPhone } from '@vmeste/contract';

/** A parcel's weight as a client reads it: `850 г`, `1,25 кг`, `1,001 кг` (the contract's one format). */
export { formatWeight } from '@vmeste/contract';

/** `Заказ № 101`, `Заказы № 101, № 102`; nothing for no orders. */
export function orderNumbersText(numbers: readonly number[]): string {
  if (numbers.length === 0) return '';
  return `${numbers.length === 1 ? 'Заказ' : 'Заказы'} ${numbers.map((n) => `№ ${n}`).join(', ')}`;
}

/** `Иванова Мария, +7 (900) 123-45-67`. */
export function recipientText(recipient: Recipient): string {
  const name = [recipient.surname, recipient.name].filter((part) => part.trim()).join(' ');
  return [name, formatPhone(recipient.phone)].filter(Boolean).join(', ');
}

const recipientParts = [
  { key: 'phone', word: 'телефон' },
  { key: 'name', word: 'имя' },
  { key: 'surname', word: 'фамилию' },
] as const;

/**
 * What the save button says while the recipient is incomplete (the specification's rule: phone, name
 * and surname are all needed), or null when nothing is missing: «Чтобы сохранить, укажите имя и
 * фамилию получателя».
 */
export function missingRecipientText(recipient: Partial<Recipient>): string | null {
  const missing = recipientParts.filter(({ key }) => !recipient[key]?.trim()).map(({ word }) => word);
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} и ${missing.at(-1)}`;
  return `Чтобы сохранить, укажите ${list} получателя`;
}
