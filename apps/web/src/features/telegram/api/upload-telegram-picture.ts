import { endpoints } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { telegramKeys } from './keys';

/** A browser file: its bytes become the preview's picture at once. */
export type UploadTelegramPictureInput = { file: File };

export function uploadTelegramPicture(request: UploadTelegramPictureInput) {
  return callEndpoint(endpoints.telegram.uploadPicture, request);
}

/** A post's picture; the uploaded file is kept as the picture's bytes, so the preview needs no download. */
export function useUploadTelegramPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTelegramPicture,
    onSuccess: (picture, { file }) => queryClient.setQueryData(telegramKeys.picture(picture.id), file),
  });
}
