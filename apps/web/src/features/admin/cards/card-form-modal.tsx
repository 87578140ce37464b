import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { type Card, cardBodySchema, type CardBody, formatPhone } from '@vmeste/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PhoneInput } from '@/components/phone-input';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { cardsKey } from './cards-api';
import { FormError } from '@/components/form-error';

type Props = { card: Card | null; opened: boolean; onClose: () => void };

export function CardFormModal({ card, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={card ? 'Изменить карту' : 'Новая карта'} centered>
      {opened && <CardForm key={card?.id ?? 'new'} card={card} onDone={onClose} />}
    </Modal>
  );
}

function CardForm({ card, onDone }: { card: Card | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: CardBody) => (card ? api.patch<Card>(`/cards/${card.id}`, body) : api.post<Card>('/cards', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardsKey }),
  });
  const { values, set, errors, text, formError, validate, showServerError } = useFormFields({
    bank: card?.bank ?? '',
    holderName: card?.holderName ?? '',
    number: card?.number.replace(/(\d{4})(?=\d)/g, '$1 ') ?? '',
    sbpPhone: card?.sbpPhone ? formatPhone(card.sbpPhone) : '',
  });
  const [isActive, setActive] = useState(card?.isActive ?? true);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, sbpPhone: values.sbpPhone.replace(/\D/g, '').length > 1 ? values.sbpPhone : null, isActive };
    if (!validate(cardBodySchema, body)) return;
    try {
      await save.mutateAsync(body);
      toast.success(card ? 'Карта сохранена' : 'Карта добавлена');
      onDone();
    } catch (error) {
      showServerError(error);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
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
          onChange={(v) => set('sbpPhone', v)}
          error={errors.sbpPhone}
        />
        <Switch label="Принимает переводы" checked={isActive} onChange={(e) => setActive(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={save.isPending}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
