import { PASSWORD_MIN_LENGTH } from '@vmeste/contract';

export type PasswordStrength = { score: 0 | 1 | 2 | 3; label: string; color: string };

/** A hint, not a rule: the server only requires the minimum length. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN_LENGTH) return { score: 0, label: `Не короче ${PASSWORD_MIN_LENGTH} символов`, color: 'red' };
  const kinds = [/[a-zа-яё]/, /[A-ZА-ЯЁ]/, /\d/, /[^\p{L}\d]/u].filter((re) => re.test(password)).length;
  if (password.length >= 12 && kinds >= 3) return { score: 3, label: 'Надёжный пароль', color: 'green' };
  if (kinds >= 2) return { score: 2, label: 'Средний пароль: добавьте цифры, заглавные буквы или символы', color: 'yellow' };
  return { score: 1, label: 'Слабый пароль: используйте буквы разного регистра и цифры', color: 'orange' };
}
