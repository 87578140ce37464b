/**
 * Russian mobile numbers arrive in many shapes (`+7 (900) 000-00-01`, `89000000001`, `9000000001`);
 * they are stored as 11 digits starting with 7 so one phone is always one account.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (/[^\d\s()+-]/.test(input)) return null;
  let national: string;
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) {
    national = digits.slice(1);
  } else if (digits.length === 10) {
    national = digits;
  } else {
    return null;
  }
  // Russian mobile and geographic numbers start with 3, 4, 8 or 9 after the country code.
  if (!/^[3489]/.test(national)) return null;
  return `7${national}`;
}

/** `79000000001` → `+7 (900) 000-00-01`. */
export function formatPhone(phone: string): string {
  const m = /^7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}

/** `79000000001` → `+7 (900) ***-**-01`: enough to recognise one's own number, not to call it. */
export function maskPhone(phone: string): string {
  const m = /^7(\d{3})\d{5}(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ***-**-${m[2]}` : '***';
}

/**
 * The digits of a phone typed into a search, in any form and any part of it: `8 900 12`, `+7 (900) 12`,
 * `90012`, `45-67` all become a run of digits of the stored `7…` number. A leading 8 is the trunk
 * prefix (so it stands for 7) when a separator follows it or the whole number is typed.
 */
export function phoneSearchDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  const isTrunkEight = /^\s*8[\s(-]/.test(text) || (digits.length === 11 && digits.startsWith('8'));
  return isTrunkEight ? `7${digits.slice(1)}` : digits;
}

/** Whether a search text is a phone (digits and the usual separators) rather than a name. */
export function isPhoneSearchText(text: string): boolean {
  return /^[\d\s()+-]+$/.test(text.trim());
}

export const PHONE_MASK = '+7 (999) 999-99-99';
