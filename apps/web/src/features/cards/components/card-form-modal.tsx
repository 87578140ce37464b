import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { type Card, type CardBody, cardBodySchema, formatPhone } from '@vmeste/contract';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateCard } from '../api/create-card';
import { useUpdateCard } from '../api/update-card';
import { FormFooter } from '@/components/form-footer';

type Props = { card: Card | null; opened: boolean; onClose: () => void };

export function CardFormModal({ card, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={card ? 'Изменить карту' : 'Новая карта'} centered>
      {opened && <CardForm key={card?.id ?? 'new'} card={card} onDone={onClose} />}
    </Modal>
  );
}

function CardForm({ card, onDone }: { card: Card | null; onDone: () => void }) {
  const create = useCreateCard();
  const update = useUpdateCard();
  const form = useFormFields({
    bank: card?.bank ?? '',
    holderName: card?.holderName ?? '',
    number: card?.number.replace(/(\d{4})(?=\d)/g, '$1 ') ?? '',
    sbpPhone: card?.sbpPhone ? formatPhone(card.sbpPhone) : '',
  });
  const [isActive, setActive] = useState(card?.isActive ?? true);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: cardBodySchema,
    send: (body: CardBody) => (card ? update.mutateAsync({ params: { id: card.id }, body }) : create.mutateAsync({ body })),
    onSuccess: () => {
      toast.success(card ? 'Карта сохранена' : 'Карта добавлена');
      onDone();
    },
  });
  const { values, errors, text } = form;
  // Only the mask's «+7» means no SBP phone.
  const body = { ...values, sbpPhone: values.sbpPhone.replace(/\D/g, '').length > 1 ? values.sbpPhone : null, isActive };

  return (
    <form onSubmit={(event) => void submit(body, event)} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
        <TextInput label="Банк" placeholder="Например, Сбербанк" required {...text('bank')} />
        <TextInput label="Получатель" placeholder="Как в банке: Иванова Анна Петровна" required {...text('holderName')} />
        <TextInput
          label="Номер карты"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0000 0000 0000 0000"
          required
          {...text('number')}
        />
        <PhoneInput
          label="Телефон для СБП"
          description="Необязательно"
          value={values.sbpPhone}
          onChange={(v) => form.set('sbpPhone', v)}
          error={errors.sbpPhone}
        />
        <Switch label="Принимает переводы" checked={isActive} onChange={(e) => setActive(e.currentTarget.checked)} />
        <FormFooter onCancel={onDone} isSubmitting={isSubmitting} />
      </Stack>
    </form>
  );
}
