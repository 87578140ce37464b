import { useEffect, useState } from 'react';
import { useTelegramPicture } from '../api/get-telegram-picture';

/** An object URL for the blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * Where an <img> finds a post's picture: its bytes fetched with the bearer token (a plain picture URL
 * would be refused) or, just after an upload, the picked file itself. Null without a picture.
 */
export function usePictureSrc(pictureId: string | null): { src: string | null; isError: boolean } {
  const picture = useTelegramPicture(pictureId);
  const src = useObjectUrl(pictureId ? picture.data : undefined);
  return { src: pictureId ? src : null, isError: picture.isError };
}
