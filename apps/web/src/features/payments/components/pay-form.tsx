import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  type ClientPaymentMethod,
  clientPaymentMethods,
  type CreatePaymentResult,
  formatMoney,
  onlinePaymentMethods,
  type Payment,
} from '@vmeste/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldsAfterHydration } from '@/components/fields-after-hydration';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { BonusSpendOffer, useBonusSpend } from '@/features/bonus';
import { usePublicSettings } from '@/features/site';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { PaymentMethodPicker } from './payment-method-picker';

type Props = {
  /** What is paid, in words: «Выбрано 2 заказа на 3 480,00 ₽». */
  summary: ReactNode;
  isDisabled?: boolean;
  /** Creates the payment through the caller's mutation (own orders, or one order by its link), with the bonuses to spend. */
  send: (method: ClientPaymentMethod, bonusKopecks: number) => Promise<CreatePaymentResult>;
  /** A transfer has no provider page: the caller shows where to send the money. */
  onTransfer: (payments: Payment[]) => void;
  /** The methods side by side, where the form spans the page. */
  isWide?: boolean;
  /** The purchases of the orders being paid: a transfer needs a card bound to each of them. */
  purchases?: readonly { title: string; hasTransferCard: boolean }[];
  /** Delivery invoices are among what is paid: they take online payments only. */
  hasDeliveryInvoices?: boolean;
  /** The sum being paid, when the payer is the signed-in client who may spend bonuses on it (never by a link). */
  bonusSumKopecks?: number;
};

/** Delivery is paid to the shop, not to an organizer's card, so a transfer cannot pay it. */
export const DELIVERY_TRANSFER_UNAVAILABLE = 'Счёт за доставку оплачивается картой онлайн или через СБП';

/** The provider takes the money part of a payment; a transfer has no way to take the rest. */
export const BONUS_PART_TRANSFER_UNAVAILABLE = 'Если часть суммы оплачивается бонусами, остаток — только картой онлайн или через СБП';

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

/** Without a provider the shop takes transfers only (and cash at the pick-up point). */
export const ONLINE_PAYMENT_OFF = 'Оплата картой онлайн и через СБП в магазине пока не подключена: оплатите переводом на карту.';

/** The methods offered: all, or the transfer alone when the shop has no online payment (`paymentProvider` null). */
export function offeredMethodsOf(paymentProvider: 'sandbox' | 'yookassa' | null | undefined): readonly ClientPaymentMethod[] {
  return paymentProvider === null ? ['transfer'] : clientPaymentMethods;
}

/** «К оплате картой: 900,00 ₽» — what is left for the chosen method after the bonuses. */
function restToPayText(method: ClientPaymentMethod, kopecks: number): string {
  const how = method === 'sbp' ? 'через СБП' : 'картой';
  return `К оплате ${how}: ${formatMoney(kopecks)}`;
}

/**
 * The method choice, the bonuses to spend (in the cabinet) and «Оплатить». An online payment leaves
 * for the provider's page (the sandbox's, without credentials) and comes back to «Результат оплаты»;
 * a transfer stays to show the card; a payment the bonuses cover whole is paid at once, and its result
 * opens like an online payment's.
 */
export function PayForm({
  summary,
  isDisabled = false,
  send,
  onTransfer,
  isWide = false,
  purchases = [],
  hasDeliveryInvoices = false,
  bonusSumKopecks,
}: Props) {
  const settings = usePublicSettings();
  const navigate = useNavigate();
  const form = useFormFields({});
  const spend = useBonusSpend(bonusSumKopecks ?? 0, { isEnabled: bonusSumKopecks !== undefined });
  const bonusKopecks = isDisabled ? 0 : spend.kopecks;
  const isWhollyByBonus = bonusKopecks > 0 && bonusKopecks === bonusSumKopecks;
  const methods = offeredMethodsOf(settings?.paymentProvider);
  const isOnlineOff = !methods.includes('card');
  const [chosenMethod, setMethod] = useState<ClientPaymentMethod>('card');
  // The server refuses a transfer with a bonus part: it takes bonuses with a transfer only when they cover everything.
  const transferReason =
    transferUnavailableReason(purchases, hasDeliveryInvoices) ??
    (bonusKopecks > 0 && !isWhollyByBonus ? BONUS_PART_TRANSFER_UNAVAILABLE : undefined);
  // A choice that became impossible (another order, an invoice or bonuses) falls back to the card; with
  // nothing left to pay by money the method does not matter, and the card needs no transfer card bound.
  // Bonuses covering everything need no provider: the server takes them whatever the method says.
  const method = isWhollyByBonus || (chosenMethod === 'transfer' && transferReason) ? 'card' : isOnlineOff ? 'transfer' : chosenMethod;
  // Nothing left to pay with: no online payment and the transfer does not fit these orders.
  const cannotPay = isOnlineOff && !isWhollyByBonus && transferReason !== undefined;
  const [isLeaving, setLeaving] = useState(false);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: (chosen: ClientPaymentMethod) => send(chosen, bonusKopecks),
    onSuccess: (result) => {
      if (result.redirectUrl) {
        setLeaving(true);
        window.location.assign(result.redirectUrl);
        return;
      }
      const [first] = result.payments;
      if (first?.method === 'bonus') {
        void navigate(`${routes.PaymentResult.path}?payment=${first.id}`);
        return;
      }
      onTransfer(result.payments);
    },
    extraFields: ['bonusKopecks'],
  });
  const isOnline = onlinePaymentMethods.includes(method);

  return (
    <form onSubmit={(event: FormEvent) => void submit(method, event)} noValidate aria-label="Оплата">
      <FieldsAfterHydration>
        <Stack gap="sm">
          <Text fw={600} data-testid="selected-sum">
            {summary}
          </Text>
          {bonusSumKopecks !== undefined && <BonusSpendOffer spend={spend} error={form.errors.bonusKopecks} />}
          {isWhollyByBonus ? (
            <Alert color="teal" variant="light" data-testid="paid-by-bonus">
              Бонусы покрывают всю сумму: платить картой не нужно.
            </Alert>
          ) : (
            <PaymentMethodPicker
              value={method}
              onChange={setMethod}
              isWide={isWide}
              methods={methods}
              unavailable={{ transfer: transferReason }}
            />
          )}
          {isOnlineOff && !isWhollyByBonus && (
            <Text size="sm" c="dimmed" data-testid="online-payment-off">
              {ONLINE_PAYMENT_OFF}
            </Text>
          )}
          {bonusKopecks > 0 && !isWhollyByBonus && (
            <Text fw={600} data-testid="rest-to-pay">
              {restToPayText(method, bonusSumKopecks! - bonusKopecks)}
            </Text>
          )}
          {isOnline && !isWhollyByBonus && settings?.paymentProvider === 'sandbox' && (
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
              disabled={isDisabled || cannotPay}
              fullWidth={!isWide}
              miw={200}
              w={isWide ? { base: '100%', xs: 'auto' } : undefined}
            >
              {isWhollyByBonus ? 'Оплатить бонусами' : 'Оплатить'}
            </Button>
          </Group>
        </Stack>
      </FieldsAfterHydration>
    </form>
  );
}
