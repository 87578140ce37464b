import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  type AdminPayment,
  cancelPaymentBodySchema,
  confirmPaymentBodySchema,
  onlinePaymentMethods,
  type PaymentItem,
  type RefundDestination,
  refundDestinations,
  refundDestinationTitles,
  refundPaymentBodySchema,
  rejectReceiptBodySchema,
} from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCancelPayment } from '../api/cancel-payment';
import { useConfirmPayment } from '../api/confirm-payment';
import { useRefundPayment } from '../api/refund-payment';
import { useRejectReceipt } from '../api/reject-receipt';
import { FormFooter } from '@/components/form-footer';

/** An admin's money action on one payment; a refund may be of one order's part only. */
export type PaymentAction =
  { kind: 'confirm' | 'reject' | 'cancel'; payment: AdminPayment } | { kind: 'refund'; payment: AdminPayment; item?: PaymentItem };

type Field = 'comment' | 'reason';

type Texts = {
  title: string;
  text: string;
  field: Field;
  label: string;
  isRequired: boolean;
  submit: string;
  success: string;
  schema: z.ZodType;
};

/** How a refund's money goes back, in the admin's words, by where it goes and how the payment was made. */
function refundHowText(payment: AdminPayment, to: RefundDestination): string {
  if (payment.method === 'bonus') return 'Бонусы вернутся на бонусный счёт клиента.';
  if (to === 'bonus') return 'Вся сумма зачислится на бонусный счёт клиента: деньгами ничего не возвращается.';
  const money = onlinePaymentMethods.includes(payment.method)
    ? 'Деньги вернутся на карту клиента через платёжный сервис.'
    : 'Отметьте возврат, когда отдадите деньги клиенту.';
  return payment.bonusKopecks > 0 ? `${money} Оплаченное бонусами вернётся на бонусный счёт.` : money;
}

/** A payment with a money part may give it back as bonuses instead; one made with bonuses alone has nothing to choose. */
export const canRefundToBonus = (payment: Pick<AdminPayment, 'method' | 'amountKopecks' | 'bonusKopecks'>) =>
  payment.method !== 'bonus' && payment.amountKopecks > payment.bonusKopecks;

function textsOf(action: PaymentAction, to: RefundDestination = 'money'): Texts {
  const { payment } = action;
  switch (action.kind) {
    case 'confirm':
      return {
        title: `Подтвердить оплату № ${payment.number}`,
        text: `${formatMoney(payment.amountKopecks)} пришли на карту? Заказы станут оплаченными, клиент получит сообщение.`,
        field: 'comment',
        label: 'Комментарий',
        isRequired: false,
        submit: 'Подтвердить',
        success: 'Оплата подтверждена',
        schema: confirmPaymentBodySchema,
      };
    case 'reject':
      return {
        title: `Отклонить чек оплаты № ${payment.number}`,
        text: 'Клиент получит сообщение с причиной, а заказы снова будут ждать оплаты.',
        field: 'reason',
        label: 'Причина',
        isRequired: true,
        submit: 'Отклонить',
        success: 'Чек отклонён, клиенту отправлено сообщение',
        schema: rejectReceiptBodySchema,
      };
    case 'cancel':
      return {
        title: `Отменить оплату № ${payment.number}`,
        text: 'Заказы освободятся: их можно будет изменить или оплатить заново. Причину увидит клиент.',
        field: 'reason',
        label: 'Причина',
        isRequired: false,
        submit: 'Отменить оплату',
        success: 'Оплата отменена',
        schema: cancelPaymentBodySchema,
      };
    case 'refund': {
      const amount = action.item
        ? action.item.amountKopecks - action.item.refundedKopecks
        : payment.amountKopecks - payment.refundedKopecks;
      const what = !action.item
        ? `по оплате № ${payment.number}`
        : action.item.kind === 'delivery_invoice'
          ? `по счёту за доставку № ${action.item.invoiceNumber}`
          : `по заказу № ${action.item.orderNumber}`;
      return {
        title: `Вернуть ${formatMoney(amount)} ${what}`,
        text: `${refundHowText(payment, to)} Возвращённая сумма снова станет к оплате, если заказ не отменён.`,
        field: 'comment',
        label: 'Комментарий',
        isRequired: false,
        submit: 'Вернуть',
        success: 'Возврат оформлен',
        schema: refundPaymentBodySchema,
      };
    }
  }
}

/** Confirm, reject, cancel or refund, each with its reason or comment; the modal closes on success. */
export function PaymentActionModal({ action, onClose }: { action: PaymentAction | null; onClose: () => void }) {
  return (
    <Modal opened={Boolean(action)} onClose={onClose} title={action ? textsOf(action).title : ''} centered>
      {action && <PaymentActionForm key={`${action.kind}-${action.payment.id}`} action={action} onDone={onClose} />}
    </Modal>
  );
}

function PaymentActionForm({ action, onDone }: { action: PaymentAction; onDone: () => void }) {
  const [to, setTo] = useState<RefundDestination>('money');
  const texts = textsOf(action, to);
  const isDestinationChosen = action.kind === 'refund' && canRefundToBonus(action.payment);
  const confirmPayment = useConfirmPayment();
  const rejectReceipt = useRejectReceipt();
  const cancelPayment = useCancelPayment();
  const refundPayment = useRefundPayment();
  const form = useFormFields({ [texts.field]: '' } as Record<Field, string>);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: texts.schema,
    send: (body: Record<Field, string>) => {
      const params = { id: action.payment.id };
      switch (action.kind) {
        case 'confirm':
          return confirmPayment.mutateAsync({ params, body: { comment: body.comment } });
        case 'reject':
          return rejectReceipt.mutateAsync({ params, body: { reason: body.reason } });
        case 'cancel':
          return cancelPayment.mutateAsync({ params, body: { reason: body.reason } });
        case 'refund':
          return refundPayment.mutateAsync({
            params,
            body: { comment: body.comment, to, ...(action.item?.orderId ? { orderId: action.item.orderId } : {}) },
          });
      }
    },
    onSuccess: () => {
      toast.success(texts.success);
      onDone();
    },
  });

  return (
    <form
      onSubmit={(event: FormEvent) => void submit({ [texts.field]: form.values[texts.field] } as Record<Field, string>, event)}
      noValidate
    >
      <Stack gap="md">
        {isDestinationChosen && (
          <Radio.Group label="Куда вернуть" value={to} onChange={(value) => setTo(value as RefundDestination)} name="refund-to">
            <Group gap="lg" mt="xs">
              {refundDestinations.map((destination) => (
                <Radio key={destination} value={destination} label={refundDestinationTitles[destination]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Text size="sm" data-testid="payment-action-text">
          {texts.text}
        </Text>
        <FormError message={form.formError} />
        <Textarea
          label={texts.label}
          withAsterisk={texts.isRequired}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.text(texts.field)}
        />
        <FormFooter onCancel={onDone}>
          <Button type="submit" loading={isSubmitting} color={action.kind === 'confirm' ? undefined : 'red'}>
            {texts.submit}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
