import { parseTelegramHtml, type TelegramHtmlNode } from '@vmeste/contract';
import type { EmulatedChatEntry, EmulatedSend, EmulatedUser, EmulatedUserAction } from './telegram-emulator-people.js';

export type ChatPageView = {
  /** Where the plugin is mounted, like /telegram-emulator; forms post there. */
  base: string;
  shopName: string;
  botUsername: string;
  user: Readonly<EmulatedUser>;
  log: readonly EmulatedChatEntry[];
  /** A deep link's payload not yet started with; null without one. */
  startPayload: string | null;
  isStartPayloadValid: boolean;
  /** The last press was not picked up by the bot in time. */
  isLate: boolean;
  photoUrl: (fileId: string) => string | null;
};

type Row = Record<string, unknown>;
type ReplyKeyboard = { buttons: { text: string; requestsContact: boolean }[]; isOneTime: boolean };

const timeFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#dfe7ef;color:#111}
.page{max-width:560px;margin:0 auto;min-height:100vh;display:flex;flex-direction:column;background:#c8d9e6}
.top{display:flex;gap:12px;align-items:center;padding:10px 14px;background:#fff;border-bottom:1px solid #cfd8e0}
.avatar{width:40px;height:40px;border-radius:50%;background:#3390ec;color:#fff;display:grid;place-items:center;font-weight:700;flex:none}
.name{font-weight:600}.handle{color:#6b7a89;font-size:14px}
.banner{margin:0;padding:8px 14px;background:#fff4cc;color:#5c4500;font-size:14px;text-align:center}
.chat{flex:1;padding:12px 10px;display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:7px 10px 5px;border-radius:12px;background:#fff;box-shadow:0 1px 1px rgba(0,0,0,.12);overflow-wrap:anywhere}
.msg.bot{align-self:flex-start;border-bottom-left-radius:4px}
.msg.me{align-self:flex-end;background:#e3fbd0;border-bottom-right-radius:4px}
.text{white-space:pre-wrap}
.time{display:block;text-align:right;color:#7a8a99;font-size:12px;margin-top:2px}
.msg img{display:block;max-width:100%;border-radius:8px;margin-bottom:4px}
.picture{display:block;padding:18px;text-align:center;background:#eef2f5;border-radius:8px;color:#5d6d7c;margin-bottom:4px}
.buttons{display:grid;gap:4px;margin-top:6px}
.inline{display:block;padding:8px;border-radius:8px;background:#e8f1fb;color:#1c6fc4;text-align:center;text-decoration:none;font:inherit;border:0;width:100%;cursor:pointer}
.service{align-self:center;padding:3px 10px;border-radius:10px;background:rgba(0,0,0,.22);color:#fff;font-size:13px;text-align:center}
.spoiler{background:#c7ccd1;color:transparent;border-radius:3px}.spoiler:hover{color:inherit;background:none}
blockquote{margin:4px 0;padding:2px 8px;border-left:3px solid #3390ec;background:#eef5fd}
pre,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px}pre{margin:4px 0;white-space:pre-wrap}
.bar{padding:10px;background:#fff;border-top:1px solid #cfd8e0;display:grid;gap:8px}
.row{display:flex;gap:8px}
input{flex:1;min-width:0;font:inherit;padding:10px 12px;border:1px solid #c5d0da;border-radius:10px}
button{font:inherit;padding:10px 14px;border:0;border-radius:10px;background:#3390ec;color:#fff;cursor:pointer}
button.big{width:100%;padding:14px;font-size:18px;font-weight:600;text-transform:uppercase;letter-spacing:.04em}
button.quiet{background:#eef2f5;color:#1c2733}
.keyboard{display:grid;gap:6px}
.note{margin:0;color:#5d6d7c;font-size:14px;text-align:center}
.alert{margin:0;padding:8px 10px;border-radius:8px;background:#fde8e8;color:#8a1c1c;font-size:14px}
details summary{cursor:pointer;color:#1c6fc4;font-size:14px}
details form{margin-top:8px}
`;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only web and mail links become links: anything else could run in the shop's own origin. */
function safeHref(url: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

function link(href: string, inner: string, className?: string): string {
  const classAttribute = className ? ` class="${className}"` : '';
  return `<a${classAttribute} href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${inner}</a>`;
}

function renderNodes(nodes: TelegramHtmlNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeHtml(node.text);
      const inner = renderNodes(node.children);
      switch (node.tag) {
        case 'spoiler':
          return `<span class="spoiler">${inner}</span>`;
        case 'a': {
          const href = node.href ? safeHref(node.href) : null;
          return href ? link(href, inner) : `<u>${inner}</u>`;
        }
        default:
          return `<${node.tag}>${inner}</${node.tag}>`;
      }
    })
    .join('');
}

/** The bot's text as Telegram would show it; a text Telegram accepted always parses. */
function renderText(source: string, parseMode: string | null): string {
  if (parseMode?.toLowerCase() !== 'html') return escapeHtml(source);
  const parsed = parseTelegramHtml(source);
  return parsed.ok ? renderNodes(parsed.nodes) : escapeHtml(source);
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buttonRows(markup: unknown, field: 'inline_keyboard' | 'keyboard'): unknown[][] {
  const rows = isRow(markup) ? markup[field] : undefined;
  return Array.isArray(rows) ? rows.filter((row): row is unknown[] => Array.isArray(row)) : [];
}

function renderInlineKeyboard(view: ChatPageView, markup: unknown): string {
  const buttons = buttonRows(markup, 'inline_keyboard')
    .flat()
    .filter(isRow)
    .map((button) => {
      const text = escapeHtml(String(button.text ?? ''));
      const href = typeof button.url === 'string' ? safeHref(button.url) : null;
      if (href) return link(href, `${text} ↗`, 'inline');
      if (typeof button.callback_data === 'string') {
        return `<form method="post" action="${escapeHtml(view.base)}/button"><input type="hidden" name="data" value="${escapeHtml(button.callback_data)}"><button class="inline" type="submit">${text}</button></form>`;
      }
      return `<span class="inline">${text}</span>`;
    });
  return buttons.length > 0 ? `<div class="buttons">${buttons.join('')}</div>` : '';
}

function time(at: number): string {
  return `<time class="time">${timeFormat.format(new Date(at))}</time>`;
}

function renderBotMessage(view: ChatPageView, send: EmulatedSend): string {
  let body = '';
  if (send.photo) {
    const src = view.photoUrl(send.photo.fileId);
    body += src ? `<img src="${escapeHtml(src)}" alt="Картинка">` : '<span class="picture">[картинка]</span>';
  }
  const source = send.method === 'sendPhoto' ? (send.caption ?? '') : (send.text ?? '');
  if (source) body += `<div class="text">${renderText(source, send.parseMode)}</div>`;
  return `<div class="msg bot">${body}${renderInlineKeyboard(view, send.replyMarkup)}${time(send.at)}</div>`;
}

function userBubble(text: string, at: number): string {
  return `<div class="msg me"><div class="text">${escapeHtml(text)}</div>${time(at)}</div>`;
}

function service(text: string): string {
  return `<div class="service">${escapeHtml(text)}</div>`;
}

function renderUserAction(action: EmulatedUserAction, at: number): string {
  switch (action.kind) {
    case 'start':
      return userBubble('/start', at);
    case 'text':
      return userBubble(action.text, at);
    case 'contact':
      return userBubble(`Контакт: ${action.phone}`, at);
    case 'button':
      return service('Вы нажали кнопку под сообщением');
    case 'block':
      return service('Вы заблокировали бота');
    case 'unblock':
      return service('Вы разблокировали бота');
    case 'deactivate':
      return service('Аккаунт удалён');
  }
}

/** The reply keyboard the bot left open: a later one replaces it, a removal or a one-time use closes it. */
function openReplyKeyboard(log: readonly EmulatedChatEntry[]): ReplyKeyboard | null {
  let open: ReplyKeyboard | null = null;
  for (const entry of log) {
    if (entry.from === 'user') {
      if (open?.isOneTime && (entry.action.kind === 'text' || entry.action.kind === 'contact')) open = null;
      continue;
    }
    const markup = entry.send.replyMarkup;
    if (isRow(markup) && markup.remove_keyboard === true) open = null;
    if (!isRow(markup) || !('keyboard' in markup)) continue;
    const buttons = buttonRows(markup, 'keyboard')
      .flat()
      .map((button) =>
        typeof button === 'string'
          ? { text: button, requestsContact: false }
          : { text: String(isRow(button) ? (button.text ?? '') : ''), requestsContact: isRow(button) && button.request_contact === true },
      );
    open = { buttons, isOneTime: markup.one_time_keyboard === true };
  }
  return open;
}

function contactForm(view: ChatPageView, buttonText: string): string {
  return `<form method="post" action="${escapeHtml(view.base)}/contact" class="row">
<input name="phone" type="tel" inputmode="tel" autocomplete="tel" required placeholder="+7 900 123-45-67" aria-label="Ваш номер телефона">
<button type="submit">${escapeHtml(buttonText)}</button></form>`;
}

function renderKeyboard(view: ChatPageView, keyboard: ReplyKeyboard): string {
  const buttons = keyboard.buttons.map((button) =>
    button.requestsContact
      ? contactForm(view, button.text || 'Поделиться номером')
      : `<form method="post" action="${escapeHtml(view.base)}/message"><input type="hidden" name="text" value="${escapeHtml(button.text)}"><button class="quiet big" type="submit">${escapeHtml(button.text)}</button></form>`,
  );
  return `<div class="keyboard">${buttons.join('')}</div>`;
}

function renderStart(view: ChatPageView): string {
  const payload = view.startPayload && view.isStartPayloadValid ? view.startPayload : '';
  const problem =
    view.startPayload && !view.isStartPayloadValid
      ? '<p class="alert">Параметр start в ссылке Telegram не примет (до 64 символов: латиница, цифры, _ и -): бот получит просто /start.</p>'
      : '';
  return `${problem}<form method="post" action="${escapeHtml(view.base)}/start"><input type="hidden" name="payload" value="${escapeHtml(payload)}"><button class="big" type="submit">Запустить</button></form>`;
}

function renderBar(view: ChatPageView): string {
  const { user, base } = view;
  const late = view.isLate
    ? '<p class="alert">Бот пока не ответил: магазин ещё не забрал сообщение. Обновите страницу чуть позже.</p>'
    : '';
  if (user.isDeactivated) return `<div class="bar">${late}<p class="note">Аккаунт удалён: бот больше не может писать сюда.</p></div>`;
  if (view.startPayload !== null || !user.hasChat) return `<div class="bar">${late}${renderStart(view)}</div>`;
  if (user.isBlocked) {
    return `<div class="bar">${late}<p class="note">Вы заблокировали бота — он не может вам писать.</p>
<form method="post" action="${escapeHtml(base)}/unblock"><button class="big" type="submit">Разблокировать</button></form>
<form method="post" action="${escapeHtml(base)}/start"><input type="hidden" name="payload" value=""><button class="big quiet" type="submit">Перезапустить</button></form></div>`;
  }
  const keyboard = openReplyKeyboard(view.log);
  return `<div class="bar">${late}${keyboard ? renderKeyboard(view, keyboard) : ''}
<form method="post" action="${escapeHtml(base)}/message" class="row"><input name="text" required maxlength="4096" placeholder="Сообщение" aria-label="Сообщение боту" autocomplete="off"><button type="submit">Отправить</button></form>
<details><summary>Другие действия</summary>
${keyboard?.buttons.some((button) => button.requestsContact) ? '' : contactForm(view, 'Отправить свой контакт')}
<form method="post" action="${escapeHtml(base)}/block"><button class="quiet" type="submit">Заблокировать бота</button></form>
</details></div>`;
}

function renderEntry(view: ChatPageView, entry: EmulatedChatEntry): string {
  return entry.from === 'bot' ? renderBotMessage(view, entry.send) : renderUserAction(entry.action, entry.at);
}

/** A plain page, no scripts: the shop's Content-Security-Policy allows only its own. */
export function renderChatPage(view: ChatPageView): string {
  const title = `Эмулятор Telegram — @${view.botUsername}`;
  const entries = view.log.map((entry) => renderEntry(view, entry)).join('\n');
  const empty =
    view.log.length === 0 ? `<p class="note">Это чат с ботом магазина «${escapeHtml(view.shopName)}». Нажмите «Запустить».</p>` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="page">
<header class="top"><div class="avatar" aria-hidden="true">${escapeHtml([...view.shopName][0] ?? 'B')}</div><div><div class="name">${escapeHtml(view.shopName)}</div><div class="handle">@${escapeHtml(view.botUsername)} · бот</div></div></header>
<p class="banner">Эмулятор Telegram — сообщения никуда не уходят. Вы — ${escapeHtml(view.user.firstName)} (id ${view.user.id}).</p>
<main class="chat">
${empty}${entries}
</main>
${renderBar(view)}
</div>
</body>
</html>
`;
}
