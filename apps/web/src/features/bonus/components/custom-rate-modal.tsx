import { Modal, Stack, Text } from '@mantine/core';
import { type CustomCashbackBody, customCashbackBodySchema, type CustomRate, formatPhone } from '@vmeste/contract';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSetCustomCashback } from '../api/set-custom-cashback';
import { FormFooter } from '@/components/form-footer';
import { PercentInput } from '@/components/percent-input';
import { formatPercent } from './bonus-texts';

type Props = {
  /** The client whose percent changes; null — a new client found by phone. */
  rate: CustomRate | null;
  opened: boolean;
  onClose: () => void;
};

/** Gives a client (by phone) a cashback percent of their own, or changes it. */
export function CustomRateModal({ rate, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={rate ? 'Изменить индивидуальный кешбэк' : 'Индивидуальный кешбэк клиенту'} centered>
      {opened && <CustomRateForm key={rate?.userId ?? 'new'} rate={rate} onDone={onClose} />}
    </Modal>
  );
}

function CustomRateForm({ rate, onDone }: { rate: CustomRate | null; onDone: () => void }) {
  const setCustomCashback = useSetCustomCashback();
  const form = useFormFields({ phone: rate ? formatPhone(rate.phone) : '' });
  const [percent, setPercent] = useState<number | string>(rate?.percent ?? '');
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: customCashbackBodySchema,
    send: (body: CustomCashbackBody) => setCustomCashback.mutateAsync({ body }),
    onSuccess: (saved) => {
      toast.success(`Кешбэк клиента ${formatPhone(saved.phone)}: ${formatPercent(saved.percent ?? 0)}`);
      onDone();
    },
    extraFields: ['percent'],
  });
  // An empty field goes to the schema as «not given», which it refuses with its own message.
  const percentValue = percent === '' ? undefined : Number(String(percent).replace(',', '.'));

  return (
    <form onSubmit={(event) => void submit({ phone: form.values.phone, percent: percentValue } as CustomCashbackBody, event)} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
        {rate ? (
          <Text size="sm">
            {rate.name || 'Без имени'}, {formatPhone(rate.phone)}
          </Text>
        ) : (
          <PhoneInput
            label="Телефон клиента"
            value={form.values.phone}
            onChange={(phone) => form.set('phone', phone)}
            error={form.errors.phone}
            required
            data-autofocus
          />
        )}
        <PercentInput
          label="Кешбэк, %"
          description="Вместо процента по умолчанию, для заказов, оплаченных после сохранения"
          value={percent}
          onChange={setPercent}
          allowNegative={false}
          inputMode="decimal"
          error={form.errors.percent}
          required
          maw={200}
        />
        <FormFooter onCancel={onDone} isSubmitting={isSubmitting} />
      </Stack>
    </form>
  );
}
