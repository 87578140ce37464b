import { Alert, Anchor, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useObjectUrl } from '@/lib/use-object-url';
import { useReceiptFile } from '../api/get-receipt-file';

/** Browsers other than Safari cannot draw HEIC; such a receipt is offered as a download. */
function previewKindOf(mime: string): 'image' | 'pdf' | 'download' {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/') && mime !== 'image/heic' && mime !== 'image/heif') return 'image';
  return 'download';
}

const extensions: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/heic': '.heic',
  'image/heif': '.heif',
};

type Props = { paymentId: string; paymentNumber: number; mime: string | null; height?: number };

/**
 * The receipt shown inline: fetched with the bearer token (an <img> or <iframe> cannot send it) and
 * shown from an object URL — a picture as an image, a PDF in a frame, anything else as a link.
 */
export function ReceiptPreview({ paymentId, paymentNumber, mime, height = 480 }: Props) {
  const file = useReceiptFile(paymentId);
  const url = useObjectUrl(file.data);
  const type = mime ?? file.data?.type ?? '';
  const kind = previewKindOf(type);
  const fileName = `Чек оплаты № ${paymentNumber}${extensions[type] ?? ''}`;

  if (file.isError) {
    return (
      <Alert color="red" variant="light">
        Не удалось загрузить чек.
      </Alert>
    );
  }
  if (!url) {
    return (
      <Center h={Math.min(height, 200)}>
        <Loader role="status" aria-label="Загрузка чека" />
      </Center>
    );
  }
  return (
    <Stack gap={4} data-testid="receipt-preview">
      {kind === 'image' && (
        <Image
          src={url}
          alt={`Чек оплаты № ${paymentNumber}`}
          mah={height}
          fit="contain"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      )}
      {kind === 'pdf' && (
        <iframe
          src={url}
          title={`Чек оплаты № ${paymentNumber}`}
          style={{ width: '100%', height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        />
      )}
      {kind === 'download' && <Text size="sm">Этот формат браузер не показывает — скачайте чек, чтобы посмотреть его.</Text>}
      <Group gap="md">
        {kind !== 'download' && (
          <Anchor href={url} target="_blank" rel="noopener" size="sm">
            Открыть в новой вкладке
          </Anchor>
        )}
        <Anchor href={url} download={fileName} size="sm">
          Скачать чек
        </Anchor>
      </Group>
    </Stack>
  );
}
