import { isRouteErrorResponse } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk-errors';

/** What the error page says: a new release replaced the page's code, an HTTP status, or a plain failure. */
export function routeErrorMessage(error: unknown): { title: string; text: string } {
  if (isChunkLoadError(error)) {
    return {
      title: 'Вышло обновление',
      text: 'Страница не загрузилась: магазин обновился, пока она была открыта. Обновите страницу.',
    };
  }
  if (isRouteErrorResponse(error)) {
    return { title: 'Что-то пошло не так', text: `Ошибка ${error.status}. Попробуйте обновить страницу.` };
  }
  return {
    title: 'Что-то пошло не так',
    text: 'Упс, промох разработчика. Попробуйте обновить страницу — мы уже знаем о проблеме.',
  };
}
