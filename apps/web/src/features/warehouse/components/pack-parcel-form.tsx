import { Button, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import {
  type DeliveryKind,
  deliveryKindTitles,
  formatMoney,
  type PackParcelBody,
  packParcelBodySchema,
  type Parcel,
  type WarehouseOrder,
} from '@vmeste/contract';
import { IconPackage } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { usePackParcel } from '../api/pack-parcel';
import { unitsText } from './warehouse-texts';

type Sizes = 'lengthCm' | 'widthCm' | 'heightCm';
const sizeFields: { key: Sizes; label: string }[] = [
  { key: 'lengthCm', label: 'Длина, см' },
  { key: 'widthCm', label: 'Ширина, см' },
  { key: 'heightCm', label: 'Высота, см' },
];

/** An empty field is «not given»; anything else goes to the schema as a number, which judges it. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * Packing a client's orders into one parcel: every order that may be packed is ticked at first, the
 * weight is required (the label and the delivery need it), the sizes are optional.
 */
export function PackParcelForm({
  orders,
  deliveryKind,
  onPacked,
}: {
  orders: WarehouseOrder[];
  deliveryKind: DeliveryKind;
  onPacked: (parcel: Parcel) => void;
}) {
  const pack = usePackParcel();
  const form = useFormFields({ weightGrams: '', lengthCm: '', widthCm: '', heightCm: '' });
  const [orderIds, setOrderIds] = useState(() => orders.map((o) => o.id));
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: packParcelBodySchema,
    send: (body: PackParcelBody) => pack.mutateAsync({ body }),
    onSuccess: (parcel) => {
      toast.success(`Посылка № ${parcel.number} упакована. Напечатайте этикетку`);
      onPacked(parcel);
    },
    extraFields: ['orderIds'],
  });

  function handleSubmit(event: FormEvent) {
    const { values } = form;
    const body = {
      orderIds,
      weightGrams: numberOf(values.weightGrams),
      lengthCm: numberOf(values.lengthCm) ?? null,
      widthCm: numberOf(values.widthCm) ?? null,
      heightCm: numberOf(values.heightCm) ?? null,
    };
    // The schema refuses a missing weight before anything is sent.
    void submit(body as PackParcelBody, event);
  }

  const numberField = (key: 'weightGrams' | Sizes) => ({
    value: form.values[key],
    onChange: (value: number | string) => form.set(key, String(value)),
    error: form.errors[key],
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="pack-parcel-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="pack-parcel-title">
          Упаковать посылку
        </Title>
        <Checkbox.Group label="Заказы в посылке" value={orderIds} onChange={setOrderIds} error={form.errors.orderIds} withAsterisk>
          <Stack gap={6} mt={6}>
            {orders.map((o) => (
              <Checkbox
                key={o.id}
                value={o.id}
                label={`Заказ № ${o.number} — ${o.purchaseTitle}`}
                description={`${unitsText(o.arrivedUnitsCount)} · ${formatMoney(o.totalKopecks)}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group gap="sm" align="flex-start">
          <NumberInput label="Вес, г" withAsterisk inputMode="numeric" w={130} min={1} {...numberField('weightGrams')} />
          {sizeFields.map(({ key, label }) => (
            <NumberInput key={key} label={label} inputMode="numeric" w={110} min={1} {...numberField(key)} />
          ))}
        </Group>
        <Text size="sm">
          Способ получения: <b>{deliveryKindTitles[deliveryKind]}</b>
        </Text>
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" leftSection={<IconPackage size={18} />} loading={isSubmitting}>
            Упаковать
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
