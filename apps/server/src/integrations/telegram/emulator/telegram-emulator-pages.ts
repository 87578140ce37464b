import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderChatPage } from './telegram-emulator-chat-page.js';
import type { EmulatedUser, TelegramEmulator } from './telegram-emulator.js';
import { isLoopbackAddress } from '../../../shared/loopback.js';
import { messages } from '../../../shared/app-error.js';

export type TelegramEmulatorPagesOptions = {
  emulator: TelegramEmulator;
  shopName: string;
  /** How long a press waits for the shop to take the update before showing the chat anyway. */
  deliveryWaitMs?: number;
  /** Then how long it waits for the bot's answer to arrive. */
  answerWaitMs?: number;
};

const COOKIE = 'tg_emulator_user';
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
const FORM = 'application/x-www-form-urlencoded';
const MAX_FIELD_LENGTH = 4096;

function field(request: FastifyRequest, name: string): string {
  const body = request.body;
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '';
}

function cookieUserId(request: FastifyRequest): number | null {
  const match = /(?:^|;\s*)tg_emulator_user=(\d{1,16})(?:;|$)/.exec(request.headers.cookie ?? '');
  return match ? Number(match[1]) : null;
}

/** Telegram gives a shared number as digits, without the plus. */
function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * A chat with the shop's bot in the built-in emulator, for trying the shop without Telegram. The
 * visitor is an emulated Telegram user kept in a cookie. Served only to the machine itself: anyone
 * else could read the codes the bot sends there.
 */
export async function telegramEmulatorPages(
  app: FastifyInstance,
  // Long enough for the shop's own poller to pick an update up and answer it.
  { emulator, shopName, deliveryWaitMs = 5000, answerWaitMs = 3000 }: TelegramEmulatorPagesOptions,
): Promise<void> {
  const base = app.prefix;

  // By the socket's own address: request.ip may come from X-Forwarded-For, which anyone can write.
  app.addHook('onRequest', (request, reply, done) => {
    if (isLoopbackAddress(request.socket.remoteAddress)) return done();
    void reply.status(404).send({ statusCode: 404, error: 'Not Found', message: messages.noSuchAddress });
  });

  // The shop's API takes JSON only; these pages are plain HTML forms.
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  }

  function visitor(request: FastifyRequest, reply: FastifyReply): Readonly<EmulatedUser> {
    const id = cookieUserId(request);
    const known = id === null ? null : emulator.returningUser(id);
    if (known) return known;
    const user = emulator.addUser({ firstName: 'Покупатель' });
    void reply.header('set-cookie', `${COOKIE}=${user.id}; Path=${base || '/'}; HttpOnly; SameSite=Lax`);
    return user;
  }

  /** Whether the bot has written to the person since `since` (its answer is sent a moment after the update is taken). */
  async function waitForAnswer(userId: number, since: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const hasAnswer = () => emulator.chatLog(userId).some((entry) => entry.from === 'bot' && entry.at >= since);
    while (!hasAnswer() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /**
   * Back to the chat once the shop has taken the update and, within a moment, answered it, so the
   * bot's answer is already on the page (a block is not answered: the wait then just runs out).
   */
  async function backToChat(reply: FastifyReply, userId: number, since: number, expectsAnswer: boolean): Promise<FastifyReply> {
    const isLate = await emulator.waitForDelivery(deliveryWaitMs).then(
      () => false,
      () => true,
    );
    if (!isLate && expectsAnswer) await waitForAnswer(userId, since, answerWaitMs);
    return reply.redirect(`${base}/${isLate ? '?late=1' : ''}`, 303);
  }

  /** A person's action that Telegram would not allow (a deleted account) just leaves the chat as it was. */
  async function act(
    request: FastifyRequest,
    reply: FastifyReply,
    action: (user: Readonly<EmulatedUser>) => void,
    expectsAnswer = true,
  ): Promise<FastifyReply> {
    const user = visitor(request, reply);
    const since = Date.now();
    try {
      action(user);
    } catch {
      return reply.redirect(`${base}/`, 303);
    }
    return backToChat(reply, user.id, since, expectsAnswer);
  }

  app.get('/', async (request, reply) => {
    const user = visitor(request, reply);
    const query = request.query as Record<string, unknown>;
    const start = typeof query.start === 'string' ? query.start : null;
    const log = emulator.chatLog(user.id);
    const isUsed = log.some((entry) => entry.from === 'user' && entry.action.kind === 'start' && entry.action.payload === start);
    const startPayload = start !== null && !isUsed ? start : null;
    const html = renderChatPage({
      base,
      shopName,
      botUsername: emulator.botUsername,
      user,
      log,
      startPayload,
      isStartPayloadValid: startPayload !== null && START_PAYLOAD.test(startPayload),
      isLate: query.late === '1',
      photoUrl: (fileId) => (emulator.photoFile(fileId) ? `${base}/photos/${encodeURIComponent(fileId)}` : null),
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.get('/photos/:fileId', async (request, reply) => {
    const file = emulator.photoFile((request.params as { fileId: string }).fileId);
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').send('Картинка не найдена');
    return reply.header('cache-control', 'private, max-age=3600').type(file.contentType).send(file.bytes);
  });

  app.post('/start', async (request, reply) => {
    const payload = field(request, 'payload').trim();
    return act(request, reply, (user) => emulator.pressStart(user.id, START_PAYLOAD.test(payload) ? payload : null));
  });

  app.post('/message', async (request, reply) => {
    const text = field(request, 'text').trim();
    if (!text) return reply.redirect(`${base}/`, 303);
    return act(request, reply, (user) => emulator.sendText(user.id, text));
  });

  app.post('/contact', async (request, reply) => {
    const phone = phoneDigits(field(request, 'phone'));
    if (!phone) return reply.redirect(`${base}/`, 303);
    return act(request, reply, (user) => emulator.shareContact(user.id, { phone }));
  });

  app.post('/button', async (request, reply) => {
    const data = field(request, 'data');
    return act(request, reply, (user) => emulator.pressCallbackButton(user.id, data));
  });

  app.post('/block', async (request, reply) => act(request, reply, (user) => emulator.block(user.id), false));
  app.post('/unblock', async (request, reply) => act(request, reply, (user) => emulator.unblock(user.id), false));
}
