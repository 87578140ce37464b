import { Alert, Button, Modal, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import {
  type CreateInvoicesBody,
  createInvoicesBodySchema,
  deliveryKindTitles,
  formatMoney,
  type LogisticsParcel,
  parseRublesToKopecks,
  plural,
} from '@vmeste/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateInvoices } from '../api/create-invoices';
import { FormFooter } from '@/components/form-footer';
import { formatGrams, forParcelsText, missingTariffMessage } from './logistics-texts';

const MISSING_TARIFF_ID = 'create-invoices-missing-tariff';
export const OWN_PRICE_FORMAT_MESSAGE = 'Цена — в рублях, например 350 или 349,90';

type Props = { parcels: LogisticsParcel[] | null; onClose: () => void; onInvoiced: () => void; isFullScreen?: boolean };

/**
 * Invoicing the chosen parcels at once: each at its price-list quote, or all at one price of the
 * logistician's with a reason. A parcel the price list does not cover blocks the price-list way and
 * says which one it is.
 */
export function CreateInvoicesModal({ parcels, onClose, onInvoiced, isFullScreen = false }: Props) {
  return (
    <Modal opened={parcels !== null} onClose={onClose} title="Выставить счета за доставку" size="lg" centered fullScreen={isFullScreen}>
      {parcels && <CreateInvoicesForm parcels={parcels} onCancel={onClose} onInvoiced={onInvoiced} />}
    </Modal>
  );
}

function CreateInvoicesForm({
  parcels,
  onCancel,
  onInvoiced,
}: {
  parcels: LogisticsParcel[];
  onCancel: () => void;
  onInvoiced: () => void;
}) {
  const create = useCreateInvoices();
  // The price field holds rubles as typed; it is named after the body's field, so a server error lands under it.
  const form = useFormFields({ priceKopecks: '', comment: '' });
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: createInvoicesBodySchema,
    send: (body: CreateInvoicesBody) => create.mutateAsync({ body }),
    onSuccess: ({ invoices }) => {
      const n = invoices.length;
      const sum = invoices.reduce((total, i) => total + i.priceKopecks, 0);
      toast.success(
        `${plural(n, 'Выставлен', 'Выставлено', 'Выставлено')} ${n} ${plural(n, 'счёт', 'счёта', 'счетов')} на ${formatMoney(sum)}`,
      );
      onInvoiced();
    },
    extraFields: ['parcelIds'],
  });

  const priceText = form.values.priceKopecks.trim();
  const hasOwnPrice = priceText !== '';
  const ownPrice = hasOwnPrice ? parseRublesToKopecks(priceText) : null;
  const quoted = parcels.filter((p) => p.quotedPriceKopecks !== null);
  const quotedTotal = quoted.reduce((total, p) => total + p.quotedPriceKopecks!, 0);
  const missingTariff = hasOwnPrice ? null : missingTariffMessage(parcels);
  const n = parcels.length;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (hasOwnPrice && ownPrice === null) {
      form.setErrors({ priceKopecks: OWN_PRICE_FORMAT_MESSAGE });
      return;
    }
    if (missingTariff) return;
    const body: CreateInvoicesBody = { parcelIds: parcels.map((p) => p.id), priceKopecks: ownPrice, comment: form.values.comment };
    void submit(body);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Table.ScrollContainer minWidth={440} mah={320}>
          <Table striped verticalSpacing={4} fz="sm" data-testid="invoice-parcels">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Посылка</Table.Th>
                <Table.Th>Доставка</Table.Th>
                <Table.Th ta="right">Вес</Table.Th>
                <Table.Th ta="right">По прайс-листу</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parcels.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    № {p.number}
                    <Text size="xs" c="dimmed">
                      {p.clientName || 'Клиент без имени'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {deliveryKindTitles[p.kind]}
                    {p.destination && (
                      <Text size="xs" c="dimmed">
                        {p.destination}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatGrams(p.weightGrams)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {p.quotedPriceKopecks === null ? (
                      <Text span size="sm" c="red.9">
                        нет тарифа
                      </Text>
                    ) : (
                      formatMoney(p.quotedPriceKopecks)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" data-testid="quoted-total">
          По прайс-листу: <b>{formatMoney(quotedTotal)}</b> {forParcelsText(quoted.length)}
          {quoted.length < n ? ` (без тарифа — ${n - quoted.length})` : ''}
        </Text>
        <TextInput
          label="Своя цена, ₽"
          description="Необязательно: одна цена за каждую посылку вместо прайс-листа"
          placeholder="Например, 350"
          inputMode="decimal"
          autoComplete="off"
          maw={360}
          {...form.text('priceKopecks')}
        />
        {hasOwnPrice && (
          <Textarea
            label="Комментарий"
            description="Почему цена отличается от прайс-листа"
            autosize
            minRows={2}
            maxRows={5}
            withAsterisk
            {...form.text('comment')}
          />
        )}
        {hasOwnPrice && ownPrice !== null && (
          <Text size="sm" data-testid="own-total">
            По своей цене: {n} × {formatMoney(ownPrice)} = <b>{formatMoney(ownPrice * n)}</b>
          </Text>
        )}
        {form.errors.parcelIds && <FormError message={form.errors.parcelIds} />}
        <FormError message={form.formError} />
        {missingTariff && (
          <Alert id={MISSING_TARIFF_ID} color="orange" variant="light" role="status" data-testid="missing-tariff">
            {missingTariff}
          </Alert>
        )}
        <FormFooter onCancel={onCancel}>
          <Button
            type="submit"
            leftSection={<IconFileInvoice size={18} />}
            loading={isSubmitting}
            disabled={missingTariff !== null}
            aria-describedby={missingTariff ? MISSING_TARIFF_ID : undefined}
          >
            {n === 1 ? 'Выставить счёт' : `Выставить счета (${n})`}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
