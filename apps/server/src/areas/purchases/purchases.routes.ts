import { purchasesEndpoints } from '@vmeste/contract';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { routesOf } from '../../http/endpoint-routes.js';
import { actorOf } from '../../shared/actor.js';
import { AppError } from '../../shared/app-error.js';
import { coverInWidth, type CoverSizeWidth } from './cover-images.js';
import type { PurchasesService } from './purchases.service.js';

export function purchasesRoutes(purchases: PurchasesService, storage: FileStorage) {
  return routesOf(purchasesEndpoints, {
    covers: () => purchases.covers(),
    // Cover names are random and never reused, so a cover (and each of its sizes) may be cached for a year.
    coverFile: async ({ params, query, reply }) => {
      const data = query.w
        ? await coverInWidth(storage, params.name, Number(query.w) as CoverSizeWidth)
        : await storage.get(`covers/${params.name}`);
      if (!data) throw new AppError('NOT_FOUND', 'Файл не найден');
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(data);
    },
    list: ({ query }) => purchases.list(query),
    get: ({ params }) => purchases.get(params.id),
    create: ({ body }) => purchases.create(body),
    update: ({ params, body }) => purchases.update(params.id, body),
    changeFee: ({ params, body, auth }) => purchases.changeFee(params.id, body, actorOf(auth)),
    history: ({ params }) => purchases.history(params.id),
    uploadCover: ({ params, file }) => purchases.uploadCover(params.id, file),
    changeStatus: ({ params, body }) => purchases.changeStatus(params.id, body.status),
  });
}
