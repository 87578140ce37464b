import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { type HandOverBody, handOverBodySchema, type Parcel } from '@vmeste/contract';
import type { FormEvent } from 'react';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useHandOverParcel } from '../api/hand-over-parcel';
import { FormFooter } from '@/components/form-footer';
import { ordersText } from './warehouse-texts';

/** Handing a parcel to the client at the counter: they name the last four digits of their phone. */
export function HandOverModal({
  parcel,
  onClose,
  onHandedOver,
}: {
  parcel: Parcel | null;
  onClose: () => void;
  onHandedOver?: () => void;
}) {
  return (
    <Modal
      opened={Boolean(parcel)}
      onClose={onClose}
      title={parcel ? `Выдать посылку № ${parcel.number}` : ''}
      centered
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
    >
      {parcel && (
        <HandOverForm
          key={parcel.id}
          parcel={parcel}
          onCancel={onClose}
          onDone={() => {
            onClose();
            onHandedOver?.();
          }}
        />
      )}
    </Modal>
  );
}

function HandOverForm({ parcel, onCancel, onDone }: { parcel: Parcel; onCancel: () => void; onDone: () => void }) {
  const handOver = useHandOverParcel();
  const form = useFormFields({ phoneLast4: '' });
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: handOverBodySchema,
    send: (body: HandOverBody) => handOver.mutateAsync({ params: { id: parcel.id }, body }),
    onSuccess: () => {
      toast.success(`Посылка № ${parcel.number} выдана`);
      onDone();
    },
  });
  const field = form.text('phoneLast4');

  return (
    <form onSubmit={(event: FormEvent) => void submit({ phoneLast4: form.values.phoneLast4 }, event)} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={600}>{parcel.clientName || 'Клиент'}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {parcel.maskedPhone}
          </Text>
          <Text size="sm">{ordersText(parcel.orders)}</Text>
        </Stack>
        <Text size="sm">Попросите клиента назвать последние 4 цифры телефона и сверьте их.</Text>
        <FormError message={form.formError} />
        <TextInput
          {...field}
          onChange={(event) => form.set('phoneLast4', event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          label="Последние 4 цифры телефона"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          data-autofocus
        />
        <FormFooter onCancel={onCancel} isSubmitting={isSubmitting} submitLabel="Выдать" />
      </Stack>
    </form>
  );
}
