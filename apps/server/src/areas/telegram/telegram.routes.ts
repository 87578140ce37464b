import { telegramEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { AppError, messages } from '../../shared/app-error.js';
import type { BotConnection } from './bot-connection.js';
import type { BotUpdates } from './bot-updates.js';
import { countSubscribers, findLinkByUser } from './links.repository.js';
import type { LinkingService } from './linking.service.js';
import type { Pictures } from './pictures.js';
import type { PostsService } from './posts.service.js';
import { telegramStatistics } from './statistics.query.js';
import type { WebhookSecret } from './webhook-secret.js';
import type { Db } from '../../db/client.js';

export function telegramRoutes({
  db,
  connection,
  linking,
  updates,
  posts,
  pictures,
  webhookSecret,
}: {
  db: Db;
  connection: BotConnection;
  linking: LinkingService;
  updates: BotUpdates;
  posts: PostsService;
  pictures: Pictures;
  webhookSecret: WebhookSecret;
}) {
  /** Runs `handle` only when the shop has a Telegram; otherwise «Telegram не подключён» (503). */
  const whenOn =
    <A extends unknown[], R>(handle: (...args: A) => R) =>
    (...args: A): R => {
      connection.requireOn();
      return handle(...args);
    };

  return routesOf(telegramEndpoints, {
    link: ({ auth }) => linking.view(auth.user.id),
    startLink: whenOn(({ auth }) => linking.start(auth.user.id)),
    unlink: ({ auth }) => linking.unlink(auth.user.id),
    updatePreferences: ({ auth, body }) => linking.setMuted(auth.user.id, body.mutedKinds),

    webhook: async ({ request, body }) => {
      // A shop without Telegram has no webhook at all, as far as anyone outside can tell.
      if (connection.isOff) throw new AppError('NOT_FOUND', messages.noSuchAddress);
      if (!(await webhookSecret.matches(request.headers['x-telegram-bot-api-secret-token']))) {
        throw new AppError('FORBIDDEN', 'Неверный секретный токен Telegram');
      }
      await updates.handle(body);
      return { ok: true as const };
    },

    overview: async ({ auth }) => ({
      botUsername: connection.botUsername,
      channel: connection.channel,
      mode: connection.requireOn(),
      ...(await countSubscribers(db)),
      isOwnChatLinked: Boolean(await findLinkByUser(db, auth.user.id)),
    }),
    listPosts: ({ query }) => posts.list(query),
    createPost: whenOn(({ body, auth }) => posts.create(body, auth.user.id)),
    updatePost: whenOn(({ params, body }) => posts.update(params.id, body)),
    cancelPost: ({ params }) => posts.cancel(params.id),
    sendPostNow: whenOn(({ params }) => posts.sendNow(params.id)),
    testPost: whenOn(({ body, auth }) => posts.test(body, auth.user.id)),
    uploadPicture: whenOn(({ file }) => pictures.upload(file)),
    picture: async ({ params, reply }) => {
      const { data, contentType } = await pictures.file(params.id);
      return reply.type(contentType).header('cache-control', 'private, max-age=86400').send(data);
    },
    statistics: ({ query }) => telegramStatistics(db, query),
  });
}
