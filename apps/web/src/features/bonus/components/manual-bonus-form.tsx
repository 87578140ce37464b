import { Button, Card, Group, NumberInput, SegmentedControl, Stack, Textarea, Title } from '@mantine/core';
import { formatMoney, formatPhone, type ManualBonusBody, manualBonusBodySchema, normalizePhone } from '@vmeste/contract';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useAddManualBonus } from '../api/add-manual-bonus';
import { BonusClientSummary } from './bonus-client-summary';
import { kopecksOfRubles, type TypedRubles } from './typed-rubles';

type Direction = 'credit' | 'debit';
const directions: { value: Direction; label: string }[] = [
  { value: 'credit', label: 'Начислить' },
  { value: 'debit', label: 'Списать' },
];

/** Credits or debits one client's bonuses: the client is looked up as soon as the phone is whole. */
export function ManualBonusForm() {
  const addManual = useAddManualBonus();
  const form = useFormFields({ phone: '', comment: '' });
  const [direction, setDirection] = useState<Direction>('credit');
  const [rubles, setRubles] = useState<TypedRubles>('');
  const phone = normalizePhone(form.values.phone);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: manualBonusBodySchema,
    send: (body: ManualBonusBody) => addManual.mutateAsync({ body }),
    onSuccess: (entry, body) => {
      const amount = formatMoney(Math.abs(entry.amountKopecks));
      toast.success(`${entry.amountKopecks > 0 ? 'Начислено' : 'Списано'} ${amount}: ${formatPhone(body.phone)}`);
      // The phone stays: the client's card shows the new balance and the new row.
      setRubles('');
      form.set('comment', '');
    },
    extraFields: ['amountKopecks'],
  });

  const kopecks = kopecksOfRubles(rubles);
  const body = { phone: form.values.phone, amountKopecks: direction === 'debit' ? -kopecks : kopecks, comment: form.values.comment };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={(event) => void submit(body, event)} noValidate aria-label="Начисление одному клиенту">
        <Stack gap="md">
          <Title order={2} size="h4">
            Одному клиенту
          </Title>
          <FormError message={form.formError} />
          <PhoneInput
            label="Телефон клиента"
            value={form.values.phone}
            onChange={(next) => form.set('phone', next)}
            error={form.errors.phone}
            required
            maw={320}
          />
          <BonusClientSummary phone={phone} />
          <Group align="flex-end" gap="md">
            <SegmentedControl
              aria-label="Начислить или списать"
              data={directions}
              value={direction}
              onChange={(value) => setDirection(value as Direction)}
              color={direction === 'debit' ? 'red' : 'teal'}
            />
            <NumberInput
              label="Сумма, ₽"
              value={rubles}
              onChange={setRubles}
              min={0}
              decimalScale={2}
              decimalSeparator=","
              thousandSeparator=" "
              allowNegative={false}
              inputMode="decimal"
              error={form.errors.amountKopecks}
              required
              w={200}
            />
          </Group>
          <Textarea
            label="Комментарий"
            description="Клиент увидит его в истории бонусного счёта"
            autosize
            minRows={2}
            maxRows={5}
            required
            {...form.text('comment')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} color={direction === 'debit' ? 'red' : undefined}>
              {direction === 'debit' ? 'Списать бонусы' : 'Начислить бонусы'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
