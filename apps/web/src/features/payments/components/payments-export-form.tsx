import { Button, Card, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type PaymentExportQuery, paymentExportQuerySchema } from '@vmeste/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { DownloadProgress } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { FormError } from '@/components/form-error';
import { formatBytes } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { PurchaseSelect } from '@/features/purchases';
import { useExportPayments } from '../api/export-payments';
import { exportFileNameOf } from './export-file-name';

type Scope = 'purchase' | 'period';

/**
 * «Выгрузка оплаты»: the XLSX of one purchase's orders with their payments, or of every payment in a
 * period. The file is read as a stream, so a long export shows how much has come.
 */
export function PaymentsExportForm() {
  const exportPayments = useExportPayments();
  const form = useFormFields({});
  const [scope, setScope] = useState<Scope>('purchase');
  const [purchase, setPurchase] = useState<{ id: string; title: string } | null>(null);
  const [period, setPeriod] = useState<[string | null, string | null]>([null, null]);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: paymentExportQuerySchema,
    send: (query: PaymentExportQuery) => {
      setProgress({ receivedBytes: 0, totalBytes: null });
      return exportPayments.mutateAsync({ query, onProgress: setProgress });
    },
    onSuccess: (blob, query) => {
      setProgress(null);
      const fileName =
        query.purchaseId && purchase
          ? exportFileNameOf({ purchaseTitle: purchase.title })
          : exportFileNameOf({ from: query.from ?? '', to: query.to ?? '' });
      saveBlob(blob, fileName);
      toast.success(`Файл «${fileName}» сохранён`);
    },
    onError: () => setProgress(null),
  });

  function handleSubmit(event: FormEvent) {
    const [from, to] = period;
    const query: PaymentExportQuery =
      scope === 'purchase' ? { purchaseId: purchase?.id } : { from: from ?? undefined, to: to ?? undefined };
    void submit(query, event);
  }

  const percent = progress?.totalBytes ? Math.min(100, Math.round((progress.receivedBytes / progress.totalBytes) * 100)) : null;
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            value={scope}
            onChange={(next) => {
              setScope(next as Scope);
              form.setErrors({});
              form.setFormError(null);
            }}
            data={[
              { value: 'purchase', label: 'Заказы закупки' },
              { value: 'period', label: 'Оплаты за период' },
            ]}
          />
          {scope === 'purchase' ? (
            <>
              <Text size="sm" c="dimmed">
                Каждый заказ закупки: номер, клиент, телефон, товары, оргсбор, итого, оплачено, долг, способы и даты оплат — для поставщика
                и бухгалтерии.
              </Text>
              <PurchaseSelect
                placeholder="Выберите закупку"
                isRequired
                value={purchase?.id ?? null}
                onChange={(id, title) => setPurchase(id && title ? { id, title } : null)}
                error={form.errors.purchaseId}
              />
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Каждая оплата за период с её заказами. Даты — по московскому времени, включительно.
              </Text>
              <DatePickerInput
                type="range"
                label="Период"
                placeholder="Выберите начало и конец"
                withAsterisk
                valueFormat="DD.MM.YYYY"
                value={period}
                onChange={([from, to]) => setPeriod([from, to])}
                allowSingleDateInRange
                clearable
                error={form.errors.from ?? form.errors.to ?? form.errors.purchaseId}
              />
            </>
          )}
          <FormError message={form.formError} />
          {progress && (
            <Stack gap={4} data-testid="export-progress">
              <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label="Загрузка файла" />
              <Text size="sm" c="dimmed">
                {progress.receivedBytes === 0
                  ? 'Готовим файл…'
                  : `Получено ${formatBytes(progress.receivedBytes)}${progress.totalBytes ? ` из ${formatBytes(progress.totalBytes)}` : ''}`}
              </Text>
            </Stack>
          )}
          <Group>
            <Button type="submit" leftSection={<IconFileSpreadsheet size={18} />} loading={isSubmitting}>
              Выгрузить в Excel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
