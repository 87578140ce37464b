import { Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { TELEGRAM_PICTURE_MAX_BYTES } from '@vmeste/contract';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { FormError } from '@/components/form-error';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUploadTelegramPicture } from '../api/upload-telegram-picture';

const PICTURE_TYPES = ['image/jpeg', 'image/png'];

/** Why a picked file cannot be a post's picture, or null; the server checks the content again. */
export function pictureFileError(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'Картинка должна быть в формате JPEG или PNG';
  if (file.size > TELEGRAM_PICTURE_MAX_BYTES) return 'Картинка больше 10 МБ: Telegram такую не примет';
  return null;
}

type Props = {
  pictureId: string | null;
  /** The picture's object URL, once its bytes are here. */
  src: string | null;
  isLoadError: boolean;
  /** The post's own error about the picture (`pictureId`), from the contract or the server. */
  error?: string | undefined;
  onChange: (pictureId: string | null) => void;
};

/** The picture above the post's text: uploaded as soon as it is picked, shown, and taken off with «Убрать». */
export function PostPictureField({ pictureId, src, isLoadError, error, onChange }: Props) {
  const upload = useUploadTelegramPicture();
  // A file, not text fields: the upload's message shows under the buttons.
  const form = useFormFields({});
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: (file: File) => upload.mutateAsync({ file }),
    onSuccess: (picture) => onChange(picture.id),
  });

  function pick(file: File | null) {
    if (!file) return;
    const problem = pictureFileError(file);
    if (problem) {
      form.setFormError(problem);
      return;
    }
    void submit(file);
  }

  return (
    <Input.Wrapper label="Картинка" description="JPEG или PNG до 10 МБ; с картинкой текст поста — не длиннее 1024 символов" error={error}>
      <Stack gap="xs" mt={6}>
        {pictureId &&
          (src ? (
            <Image src={src} alt="Картинка поста" radius="md" mah={220} w="auto" maw="100%" fit="contain" />
          ) : isLoadError ? (
            <Text size="sm" c="red.8">
              Картинку не удалось показать
            </Text>
          ) : (
            <Loader size="sm" role="status" aria-label="Загрузка картинки" />
          ))}
        <Group gap="sm">
          <FileButton onChange={pick} accept={PICTURE_TYPES.join(',')}>
            {(props) => (
              <Button variant="light" leftSection={<IconPhotoPlus size={18} />} loading={isSubmitting} {...props}>
                {pictureId ? 'Заменить картинку' : 'Добавить картинку'}
              </Button>
            )}
          </FileButton>
          {pictureId && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} onClick={() => onChange(null)}>
              Убрать
            </Button>
          )}
        </Group>
        <FormError message={form.formError} />
      </Stack>
    </Input.Wrapper>
  );
}
