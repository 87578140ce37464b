import { Button, Checkbox, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title, useMatches } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type DeliveryKind, type DeliveryMethodBody, type DeliveryMethodView } from '@vmeste/contract';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { usePublicSettings } from '@/features/site';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateDeliveryMethod } from '../api/create-delivery-method';
import { useUpdateDeliveryMethod } from '../api/update-delivery-method';
import { FormFooter } from '@/components/form-footer';
import { BoxberryPointPicker } from './boxberry-point-picker';
import { CourierAddressFields, type PickedAddress } from './courier-address-fields';
import { initialValuesOf, methodBodyOf, methodFieldErrorsOf, type MethodFormValues, withFormField } from './delivery-method-body';
import { missingRecipientText } from './delivery-texts';
import { ShopPickupPoint } from './shop-pickup-point';

const kindOptions: { value: DeliveryKind; label: string }[] = [
  { value: 'boxberry', label: 'Пункт выдачи Boxberry' },
  { value: 'courier', label: 'Курьер' },
  { value: 'pickup', label: 'Самовывоз' },
];

type ModalProps = {
  /** The method to edit, or null for a new one. */
  method: DeliveryMethodView | null;
  opened: boolean;
  onClose: () => void;
  /** The client has no methods yet: the first one is the default. */
  isFirst: boolean;
};

/** «Добавить способ доставки» or «Изменить способ доставки»; the whole screen on a phone. */
export function DeliveryMethodFormModal({ method, opened, onClose, isFirst }: ModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={method ? 'Изменить способ доставки' : 'Новый способ доставки'}
      size="lg"
      fullScreen={isPhone}
      centered
    >
      {opened && <DeliveryMethodForm key={method?.id ?? 'new'} method={method} isFirst={isFirst} onDone={onClose} />}
    </Modal>
  );
}

type FormProps = { method: DeliveryMethodView | null; isFirst: boolean; onDone: () => void };

/**
 * The kind of delivery, where to (a Boxberry point, the courier's address, or the shop's own point),
 * and who receives the parcel — phone, name and surname, all three required by the specification.
 */
export function DeliveryMethodForm({ method, isFirst, onDone }: FormProps) {
  const { user } = useSession();
  const settings = usePublicSettings();
  const create = useCreateDeliveryMethod();
  const update = useUpdateDeliveryMethod();
  const form = useFormFields<MethodFormValues>(initialValuesOf(method, user));
  const [picked, setPicked] = useState<PickedAddress | null>(() =>
    method?.address ? { value: method.address.value, lat: method.address.lat, lon: method.address.lon } : null,
  );
  // Editing the default method keeps it the default: another method becomes the default by its own button.
  const isDefaultFixed = isFirst || Boolean(method?.isDefault);
  const [isDefault, setDefault] = useState(isDefaultFixed);
  const kindOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const hintId = useId();

  const { submit, isSubmitting } = useFormSubmit(form, {
    refine: methodFieldErrorsOf,
    send: (body: DeliveryMethodBody) =>
      (method ? update.mutateAsync({ params: { id: method.id }, body }) : create.mutateAsync({ body })).catch((error: unknown) => {
        throw withFormField(error);
      }),
    onSuccess: () => {
      toast.success(method ? 'Способ доставки сохранён' : 'Способ доставки добавлен');
      onDone();
    },
  });

  const { values, errors, set } = form;
  const missing = missingRecipientText(values);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (missing) return;
    void submit(methodBodyOf(values, picked, isDefault));
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={method ? 'Изменить способ доставки' : 'Новый способ доставки'}>
      <Stack gap="md">
        <FormError message={form.formError} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${hintId}-kind`}>
            Как доставить
          </Text>
          <SegmentedControl
            aria-labelledby={`${hintId}-kind`}
            data={kindOptions}
            value={values.kind}
            onChange={(kind) => set('kind', kind as DeliveryKind)}
            orientation={kindOrientation}
            fullWidth
          />
          {errors.kind && (
            <Text size="xs" c="red">
              {errors.kind}
            </Text>
          )}
        </Stack>

        {values.kind === 'boxberry' && (
          <BoxberryPointPicker
            cityCode={values.cityCode}
            pointCode={values.pointCode}
            onCityChange={(cityCode) => {
              set('cityCode', cityCode);
              set('pointCode', '');
            }}
            onPointChange={(pointCode) => set('pointCode', pointCode)}
            // Until a city is chosen there is no list of points to show the error under.
            cityError={values.cityCode ? undefined : errors.pointCode}
            pointError={values.cityCode ? errors.pointCode : undefined}
            savedPoint={method?.point ?? null}
          />
        )}
        {values.kind === 'courier' && (
          <CourierAddressFields
            values={values}
            errors={errors}
            onChange={(key, value) => set(key, value)}
            onPick={setPicked}
            isSuggestEnabled={settings?.isAddressSuggestEnabled}
          />
        )}
        {values.kind === 'pickup' &&
          (settings ? (
            <ShopPickupPoint address={settings.pickupAddress} hours={settings.pickupHours} />
          ) : (
            <Loader size="sm" role="status" aria-label="Загрузка адреса магазина" />
          ))}

        <Stack gap="xs">
          <Title order={3} size="h5">
            Получатель
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PhoneInput
              label="Телефон"
              value={values.phone}
              onChange={(phone) => set('phone', phone)}
              error={errors.phone}
              autoComplete="tel"
              withAsterisk
            />
            <TextInput label="Имя" autoComplete="given-name" withAsterisk {...form.text('name')} />
            <TextInput label="Фамилия" autoComplete="family-name" withAsterisk {...form.text('surname')} />
          </SimpleGrid>
        </Stack>

        <Checkbox
          label="Сделать основным"
          description={
            isFirst
              ? 'Первый способ доставки становится основным'
              : method?.isDefault
                ? 'Это основной способ. Чтобы сменить основной, нажмите «Сделать основным» у другого способа'
                : 'По основному способу мы упакуем и отправим ваши следующие посылки'
          }
          checked={isDefault}
          disabled={isDefaultFixed}
          onChange={(event) => setDefault(event.currentTarget.checked)}
        />

        <Stack gap={6}>
          <FormFooter onCancel={onDone} gap="sm">
            <Button
              type="submit"
              loading={isSubmitting}
              disabled={Boolean(missing)}
              aria-describedby={missing ? `${hintId}-missing` : undefined}
            >
              {method ? 'Сохранить' : 'Добавить'}
            </Button>
          </FormFooter>
          {missing && (
            <Text size="sm" c="dimmed" ta="right" id={`${hintId}-missing`} data-testid="recipient-missing">
              {missing}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
