import { useObjectUrl } from '@/lib/use-object-url';
import { useTelegramPicture } from '../api/get-telegram-picture';

/**
 * Where an <img> finds a post's picture: its bytes fetched with the bearer token (a plain picture URL
 * would be refused) or, just after an upload, the picked file itself. Null without a picture.
 */
export function usePictureSrc(pictureId: string | null): { src: string | null; isError: boolean } {
  const picture = useTelegramPicture(pictureId);
  const src = useObjectUrl(pictureId ? picture.data : undefined);
  return { src: pictureId ? src : null, isError: picture.isError };
}
