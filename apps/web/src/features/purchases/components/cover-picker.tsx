import { Button, FileButton, Image, Text } from '@mantine/core';
import { COVER_MAX_BYTES } from '@vmeste/contract';
import { useEffect, useState } from 'react';

const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a picked file cannot be a cover, or null; the server checks the content again. */
export function coverFileError(file: File): string | null {
  if (file.size > COVER_MAX_BYTES) return 'Обложка больше 5 мегабайт';
  if (!COVER_TYPES.includes(file.type)) return 'Обложка должна быть картинкой JPEG, PNG или WebP';
  return null;
}

type Props = { currentUrl: string | null; file: File | null; error?: string | undefined; onPick: (file: File) => void };

/** The cover of a purchase: the current one or the picked file, shown before anything is uploaded. */
export function CoverPicker({ currentUrl, file, error, onPick }: Props) {
  const [preview, setPreview] = useState<string | null>(currentUrl);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <>
      <Text fw={500} size="sm">
        Обложка
      </Text>
      {preview ? (
        <Image src={preview} alt="Обложка закупки" radius="md" h={200} fit="cover" />
      ) : (
        <Text size="sm" c="dimmed">
          Обложки нет. JPEG, PNG или WebP до 5 МБ; лучше горизонтальная, 4 : 3.
        </Text>
      )}
      <FileButton onChange={(picked) => picked && onPick(picked)} accept={COVER_TYPES.join(',')}>
        {(props) => (
          <Button variant="light" {...props}>
            {preview ? 'Заменить обложку' : 'Загрузить обложку'}
          </Button>
        )}
      </FileButton>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
