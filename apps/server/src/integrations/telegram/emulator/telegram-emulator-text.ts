import { parseTelegramHtml, type TelegramHtmlNode, type TelegramHtmlTag } from '@vmeste/contract';
import { badRequest } from './telegram-emulator-answers.js';

export type MessageEntity = { type: string; offset: number; length: number; url?: string };
export type FormattedText = { text: string; entities: MessageEntity[]; length: number };

const ENTITY_TYPES: Record<TelegramHtmlTag, string> = {
  b: 'bold',
  i: 'italic',
  u: 'underline',
  s: 'strikethrough',
  spoiler: 'spoiler',
  a: 'text_link',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};

/** Entity offsets count UTF-16 code units, as Telegram's do. */
function flatten(nodes: TelegramHtmlNode[]): { text: string; entities: MessageEntity[] } {
  let text = '';
  const entities: MessageEntity[] = [];
  const walk = (list: TelegramHtmlNode[]) => {
    for (const node of list) {
      if (node.type === 'text') {
        text += node.text;
        continue;
      }
      const offset = text.length;
      walk(node.children);
      if (text.length > offset) {
        entities.push({ type: ENTITY_TYPES[node.tag], offset, length: text.length - offset, ...(node.href && { url: node.href }) });
      }
    }
  };
  walk(nodes);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}

/** A text or caption read by its parse_mode; only HTML is emulated, since it is all the shop uses. */
export function formatText(source: string, parseMode: string | undefined): FormattedText {
  if (!parseMode) return { text: source, entities: [], length: [...source].length };
  if (parseMode.toLowerCase() !== 'html') throw badRequest('unsupported parse_mode');
  const parsed = parseTelegramHtml(source);
  if (!parsed.ok) throw badRequest(`can't parse entities: ${parsed.error}`);
  return { ...flatten(parsed.nodes), length: parsed.textLength };
}
