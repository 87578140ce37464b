/** «contains `text`» for LIKE/ILIKE: the user's own `%`, `_` and `\` match themselves, not anything. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
