import { timingSafeEqual } from 'node:crypto';
import { telegramEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { TelegramUpdate } from '../../integrations/telegram/bot-api-client.js';
import { AppError } from '../../shared/app-error.js';
import type { BotConnection } from './bot-connection.js';
import type { BotUpdates } from './bot-updates.js';
import { countSubscribers, findLinkByUser } from './links.repository.js';
import type { LinkingService } from './linking.service.js';
import type { Pictures } from './pictures.js';
import type { PostsService } from './posts.service.js';
import { telegramStatistics } from './statistics.query.js';
import type { Db } from '../../db/client.js';

function isSameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function telegramRoutes({
  db,
  connection,
  linking,
  updates,
  posts,
  pictures,
}: {
  db: Db;
  connection: BotConnection;
  linking: LinkingService;
  updates: BotUpdates;
  posts: PostsService;
  pictures: Pictures;
}) {
  return routesOf(telegramEndpoints, {
    link: ({ auth }) => linking.view(auth.user.id),
    startLink: ({ auth }) => linking.start(auth.user.id),
    unlink: ({ auth }) => linking.unlink(auth.user.id),
    updatePreferences: ({ auth, body }) => linking.setMuted(auth.user.id, body.mutedKinds),

    webhook: async ({ request, body }) => {
      if (!isSameSecret(request.headers['x-telegram-bot-api-secret-token'], await connection.webhookSecret())) {
        throw new AppError('FORBIDDEN', 'Неверный секретный токен Telegram');
      }
      await updates.handle(body as unknown as TelegramUpdate);
      return { ok: true as const };
    },

    overview: async ({ auth }) => ({
      botUsername: connection.botUsername,
      channel: connection.channel,
      mode: connection.mode,
      ...(await countSubscribers(db)),
      isOwnChatLinked: Boolean(await findLinkByUser(db, auth.user.id)),
    }),
    listPosts: ({ query }) => posts.list(query),
    createPost: ({ body, auth }) => posts.create(body, auth.user.id),
    updatePost: ({ params, body }) => posts.update(params.id, body),
    cancelPost: ({ params }) => posts.cancel(params.id),
    sendPostNow: ({ params }) => posts.sendNow(params.id),
    testPost: ({ body, auth }) => posts.test(body, auth.user.id),
    uploadPicture: ({ file }) => pictures.upload(file),
    picture: async ({ params, reply }) => {
      const { data, contentType } = await pictures.file(params.id);
      return reply.type(contentType).header('cache-control', 'private, max-age=86400').send(data);
    },
    statistics: ({ query }) => telegramStatistics(db, query),
  });
}
