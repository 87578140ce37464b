/** The text after a toolbar button, and the selection to restore: the same words, now inside the tags. */
export type Edit = { text: string; selectionStart: number; selectionEnd: number };

/** Wraps the selected part of `text` in `open`…`close`; with nothing selected, inserts the tags around `fallback`. */
export function wrapSelection(text: string, start: number, end: number, open: string, close: string, fallback = ''): Edit {
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  const inner = from === to ? fallback : text.slice(from, to);
  return {
    text: text.slice(0, from) + open + inner + close + text.slice(to),
    selectionStart: from + open.length,
    selectionEnd: from + open.length + inner.length,
  };
}

/** A link's address must be a web address: Telegram's own parser and the server refuse anything else. */
export function linkAddressError(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return 'Укажите адрес ссылки';
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return 'Адрес — ссылка, начинающаяся с https://';
  return null;
}

/** Characters Telegram's HTML needs written as entities, in a text or an attribute. */
export function escapeForTelegram(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<a href="…">`: the address escaped for the attribute, so a `&` or a quote cannot break the tag. */
export function linkOpenTag(address: string): string {
  return `<a href="${escapeForTelegram(address.trim())}">`;
}

/** The address Telegram opens: the entities of the attribute read back (the parser keeps them as typed). */
export function decodeHref(href: string): string {
  return href
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
