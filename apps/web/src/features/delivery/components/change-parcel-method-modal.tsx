import { Alert, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { type ClientParcel, changeParcelMethodBodySchema, deliveryKindTitles, formatMoney } from '@vmeste/contract';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useChangeParcelMethod } from '../api/change-parcel-method';
import { useDeliveryMethods } from '../api/get-delivery-methods';
import { FormFooter } from '@/components/form-footer';
import { recipientText } from './delivery-texts';

type Props = { parcel: ClientParcel | null; onClose: () => void };

/** «Изменить способ доставки» of a parcel whose delivery is not paid yet: one of the client's saved methods. */
export function ChangeParcelMethodModal({ parcel, onClose }: Props) {
  return (
    <Modal
      opened={parcel !== null}
      onClose={onClose}
      title={parcel ? `Посылка № ${parcel.number}: способ доставки` : ''}
      size="md"
      centered
    >
      {parcel && <ChangeParcelMethodForm key={parcel.id} parcel={parcel} onDone={onClose} />}
    </Modal>
  );
}

function ChangeParcelMethodForm({ parcel, onDone }: { parcel: ClientParcel; onDone: () => void }) {
  const methods = useDeliveryMethods();
  const change = useChangeParcelMethod();
  const form = useFormFields({ methodId: '' });
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: changeParcelMethodBodySchema,
    send: (body: { methodId: string }) => change.mutateAsync({ params: { id: parcel.id }, body }),
    onSuccess: () => {
      toast.success(`Посылка № ${parcel.number} поедет новым способом`);
      onDone();
    },
  });
  const unpaidInvoice = parcel.invoice?.status === 'unpaid' ? parcel.invoice : null;

  if (methods.isPending) return <Loader role="status" aria-label="Загрузка способов доставки" />;
  const list = methods.data ?? [];
  if (list.length === 0) {
    return <Text size="sm">Сначала добавьте способ доставки на этой странице — затем его можно будет выбрать для посылки.</Text>;
  }

  return (
    <form onSubmit={(event) => void submit(form.values, event)} noValidate aria-label="Способ доставки посылки">
      <Stack gap="md">
        <FormError message={form.formError} />
        <Radio.Group
          label="Способ доставки"
          value={form.values.methodId}
          onChange={(methodId) => form.set('methodId', methodId)}
          error={form.errors.methodId}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {list.map((method) => (
              <Radio
                key={method.id}
                value={method.id}
                disabled={Boolean(method.unavailableReason)}
                label={`${deliveryKindTitles[method.kind]}${method.isDefault ? ' (основной)' : ''}`}
                description={method.unavailableReason ?? `${method.title} · ${recipientText(method.recipient)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {unpaidInvoice && (
          <Alert color="orange" variant="light" p="xs">
            Счёт № {unpaidInvoice.number} на {formatMoney(unpaidInvoice.priceKopecks)} отменится: за доставку новым способом выставят новый
            счёт.
          </Alert>
        )}
        <FormFooter onCancel={onDone} gap="sm" isSubmitting={isSubmitting} />
      </Stack>
    </form>
  );
}
