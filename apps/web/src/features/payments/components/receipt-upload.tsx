import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Payment } from '@vmeste/contract';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUploadReceipt } from '../api/upload-receipt';
import { RECEIPT_ACCEPT, receiptFileProblem } from './receipt-file';

/** The bank's receipt of a transfer: checked here for type and size, by content on the server. */
export function ReceiptUpload({ paymentId, onUploaded }: { paymentId: string; onUploaded?: (payment: Payment) => void }) {
  const upload = useUploadReceipt();
  // A file, not text fields: the message shows above the button.
  const form = useFormFields({});
  const [fileName, setFileName] = useState<string | null>(null);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: (file: File) => upload.mutateAsync({ params: { id: paymentId }, file }),
    onSuccess: (payment) => {
      toast.success('Чек загружен. Мы проверим перевод и пришлём сообщение');
      onUploaded?.(payment);
    },
  });

  function pick(file: File | null) {
    if (!file) return;
    setFileName(file.name);
    const problem = receiptFileProblem(file);
    if (problem) {
      form.setFormError(problem);
      return;
    }
    void submit(file);
  }

  return (
    <Stack gap="xs">
      <Text size="sm">
        Когда переведёте, загрузите чек из приложения банка: фото, снимок экрана (JPEG, PNG, WebP, HEIC) или PDF до 10 МБ.
      </Text>
      <Group gap="sm">
        <FileButton onChange={pick} accept={RECEIPT_ACCEPT}>
          {(props) => (
            <Button leftSection={<IconUpload size={18} />} loading={isSubmitting} {...props}>
              Загрузить чек
            </Button>
          )}
        </FileButton>
        {fileName && (
          <Text size="sm" c="dimmed">
            {fileName}
          </Text>
        )}
      </Group>
      <FormError message={form.formError} />
    </Stack>
  );
}
