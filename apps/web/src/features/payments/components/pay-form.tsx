import { Button, Group, Stack, Text } from '@mantine/core';
import { type ClientPaymentMethod, type CreatePaymentResult, onlinePaymentMethods, type Payment } from '@vmeste/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError } from '@/components/form-error';
import { usePublicSettings } from '@/features/site';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { PaymentMethodPicker } from './payment-method-picker';

type Props = {
  /** What is paid, in words: «Выбрано 2 заказа на 3 480,00 ₽». */
  summary: ReactNode;
  isDisabled?: boolean;
  /** Creates the payment through the caller's mutation (own orders, or one order by its link). */
  send: (method: ClientPaymentMethod) => Promise<CreatePaymentResult>;
  /** A transfer has no provider page: the caller shows where to send the money. */
  onTransfer: (payments: Payment[]) => void;
  /** The methods side by side, where the form spans the page. */
  isWide?: boolean;
  /** The purchases of the orders being paid: a transfer needs a card bound to each of them. */
  purchases?: readonly { title: string; hasTransferCard: boolean }[];
  /** Delivery invoices are among what is paid: they take online payments only. */
  hasDeliveryInvoices?: boolean;
};

/** Delivery is paid to the shop, not to an organizer's card, so a transfer cannot pay it. */
export const DELIVERY_TRANSFER_UNAVAILABLE = 'Счёт за доставку оплачивается картой онлайн или через СБП';

/** Why «Переводом на карту» cannot be chosen for these purchases (and invoices), or undefined when it can. */
export function transferUnavailableReason(
  purchases: readonly { title: string; hasTransferCard: boolean }[],
  hasDeliveryInvoices = false,
): string | undefined {
  if (hasDeliveryInvoices) return DELIVERY_TRANSFER_UNAVAILABLE;
  const without = [...new Set(purchases.filter((p) => !p.hasTransferCard).map((p) => p.title))];
  if (without.length === 0) return undefined;
  return `Для ${without.length === 1 ? 'закупки' : 'закупок'} ${without.map((t) => `«${t}»`).join(', ')} не указана карта для перевода`;
}

/**
 * The method choice and «Оплатить». An online payment leaves for the provider's page (the sandbox's,
 * without credentials) and comes back to «Результат оплаты»; a transfer stays to show the card.
 */
export function PayForm({
  summary,
  isDisabled = false,
  send,
  onTransfer,
  isWide = false,
  purchases = [],
  hasDeliveryInvoices = false,
}: Props) {
  const settings = usePublicSettings();
  const form = useFormFields({});
  const [chosenMethod, setMethod] = useState<ClientPaymentMethod>('card');
  const transferReason = transferUnavailableReason(purchases, hasDeliveryInvoices);
  // A choice that became impossible (another order or an invoice ticked) falls back to the card.
  const method = chosenMethod === 'transfer' && transferReason ? 'card' : chosenMethod;
  const [isLeaving, setLeaving] = useState(false);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send,
    onSuccess: (result) => {
      if (result.redirectUrl) {
        setLeaving(true);
        window.location.assign(result.redirectUrl);
        return;
      }
      onTransfer(result.payments);
    },
  });
  const isOnline = onlinePaymentMethods.includes(method);

  return (
    <form onSubmit={(event: FormEvent) => void submit(method, event)} noValidate aria-label="Оплата">
      <Stack gap="sm">
        <Text fw={600} data-testid="selected-sum">
          {summary}
        </Text>
        <PaymentMethodPicker value={method} onChange={setMethod} isWide={isWide} unavailable={{ transfer: transferReason }} />
        {isOnline && settings?.paymentProvider === 'sandbox' && (
          <Text size="xs" c="dimmed">
            Тестовый режим: оплата пройдёт на тестовой странице магазина, деньги не списываются.
          </Text>
        )}
        <FormError message={form.formError} />
        <Group justify={isWide ? 'flex-end' : 'stretch'}>
          {/* Across the page it stands at the right; on a phone it takes the whole width, like the narrow form's. */}
          <Button
            type="submit"
            size="md"
            loading={isSubmitting || isLeaving}
            disabled={isDisabled}
            fullWidth={!isWide}
            miw={200}
            w={isWide ? { base: '100%', xs: 'auto' } : undefined}
          >
            Оплатить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
