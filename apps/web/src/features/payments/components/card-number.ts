/** `2202200000000008` → `2202 2000 0000 0008`: the groups a client compares with the bank app's field. */
export function formatCardNumber(number: string): string {
  const compact = number.replace(/\s+/g, '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What goes to the clipboard: digits only, which every bank app's field accepts. */
export function cardNumberToCopy(number: string): string {
  return number.replace(/\D/g, '');
}

/** An amount as a bank app's field takes it: `1234,56`, no group spaces and no sign. */
export function amountToCopy(kopecks: number): string {
  return `${Math.trunc(kopecks / 100)},${String(Math.abs(kopecks % 100)).padStart(2, '0')}`;
}
