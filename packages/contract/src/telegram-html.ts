/**
 * Telegram's HTML parse mode (core.telegram.org/bots/api#html-style), read the way Telegram reads it:
 * the server refuses a post Telegram would refuse, and the web preview renders the same tree, so what
 * the admin sees is what subscribers get.
 */

export type TelegramHtmlTag = 'b' | 'i' | 'u' | 's' | 'spoiler' | 'a' | 'code' | 'pre' | 'blockquote';

export type TelegramHtmlNode =
  { type: 'text'; text: string } | { type: 'element'; tag: TelegramHtmlTag; href?: string; children: TelegramHtmlNode[] };

export type TelegramHtmlResult = { ok: true; nodes: TelegramHtmlNode[]; textLength: number } | { ok: false; error: string };

/** Every spelling Telegram accepts, mapped to the one meaning it has. */
const TAGS: Record<string, TelegramHtmlTag> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
  a: 'a',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};

export const TELEGRAM_ALLOWED_TAGS_HINT = 'b, i, u, s, a, code, pre, blockquote, tg-spoiler';

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

function decodeEntities(raw: string): { text: string } | { error: string } {
  let failure: string | null = null;
  const text = raw.replace(/&([^;\s&<]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) {
      failure ??= 'Знак «&» пишется как &amp;';
      return whole;
    }
    if (name in NAMED_ENTITIES) return NAMED_ENTITIES[name]!;
    const numeric = /^#(\d{1,7}|x[\da-f]{1,6})$/i.exec(name);
    if (numeric) {
      const code = name[1]!.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    failure ??= `Сущность ${whole} Telegram не знает: используйте &lt; &gt; &amp; &quot; или числовые`;
    return whole;
  });
  return failure ? { error: failure } : { text };
}

function attributesOf(source: string): Record<string, string> | null {
  const attributes: Record<string, string> = {};
  const pattern = /\s*([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/giy;
  let rest = source;
  while (rest.trim() !== '') {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match || match[0] === '') return null;
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

/** Parses a post's text; the error, when there is one, is a sentence for the admin in Russian. */
export function parseTelegramHtml(source: string): TelegramHtmlResult {
  const root: TelegramHtmlNode[] = [];
  const stack: { name: string; node: Extract<TelegramHtmlNode, { type: 'element' }> }[] = [];
  let textLength = 0;
  const container = () => stack.at(-1)?.node.children ?? root;
  const tokens = source.split(/(<[^>]*>?)/);
  for (const token of tokens) {
    if (token === '') continue;
    if (!token.startsWith('<')) {
      if (token.includes('>')) return { ok: false, error: 'Знак «>» пишется как &gt;' };
      const decoded = decodeEntities(token);
      if ('error' in decoded) return { ok: false, error: decoded.error };
      textLength += [...decoded.text].length;
      container().push({ type: 'text', text: decoded.text });
      continue;
    }
    const tag = /^<(\/?)([a-z][a-z-]*)([^>]*)>$/i.exec(token);
    if (!tag) return { ok: false, error: 'Знак «<» пишется как &lt;, если это не тег' };
    const [, slash, rawName, rest] = tag;
    const name = rawName!.toLowerCase();
    const meaning = TAGS[name];
    if (!meaning) return { ok: false, error: `Тег <${name}> Telegram не поддерживает: можно ${TELEGRAM_ALLOWED_TAGS_HINT}` };
    if (slash) {
      const open = stack.pop();
      if (!open) return { ok: false, error: `Закрывающий тег </${name}> без открывающего` };
      if (open.name !== name) return { ok: false, error: `Тег <${open.name}> закрыт тегом </${name}>: теги не должны пересекаться` };
      continue;
    }
    const attributes = attributesOf(rest ?? '');
    if (!attributes) return { ok: false, error: `Не удалось прочитать атрибуты тега <${name}>` };
    if (name === 'span' && attributes.class !== 'tg-spoiler') {
      return { ok: false, error: 'Тег <span> Telegram принимает только с class="tg-spoiler"' };
    }
    const node: Extract<TelegramHtmlNode, { type: 'element' }> = { type: 'element', tag: meaning, children: [] };
    if (meaning === 'a') {
      const href = attributes.href?.trim();
      if (!href) return { ok: false, error: 'У ссылки <a> нет адреса href' };
      if (!/^(https?:\/\/|tg:\/\/|mailto:)/i.test(href)) return { ok: false, error: `Адрес ссылки «${href}» должен начинаться с https://` };
      node.href = href;
    }
    if (stack.some((open) => open.node.tag === 'pre' || open.node.tag === 'code') && meaning !== 'code') {
      return { ok: false, error: `Внутри <pre> и <code> другие теги не работают (встретился <${name}>)` };
    }
    container().push(node);
    stack.push({ name, node });
  }
  const unclosed = stack.at(-1);
  if (unclosed) return { ok: false, error: `Тег <${unclosed.name}> не закрыт` };
  return { ok: true, nodes: root, textLength };
}

/** The text as plain text is escaped for Telegram's HTML mode (notifications are written as plain text). */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
