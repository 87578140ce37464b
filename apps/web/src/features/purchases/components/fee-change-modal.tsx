import { Alert, Button, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { plural, type Purchase, type PurchaseFeeChange, purchaseFeeBodySchema } from '@vmeste/contract';
import { useState } from 'react';
import { z } from 'zod';
import { FormError } from '@/components/form-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useChangePurchaseFee } from '../api/change-purchase-fee';
import { usePurchaseHistory } from '../api/get-purchase-history';
import { FormFooter } from '@/components/form-footer';
import { PercentInput } from '@/components/percent-input';

/** Applying needs a reason: it stays in the purchase's audit log, and the server asks for it too. */
const applyBodySchema = purchaseFeeBodySchema.extend({
  reason: z.string().trim().min(1, 'Укажите причину: она останется в журнале закупки').max(500, 'Причина — не больше 500 символов'),
});

const percentText = (percent: number) => `${String(percent).replace('.', ',')} %`;
const ordersText = (n: number) => `${n} ${plural(n, 'заказ', 'заказа', 'заказов')}`;

/** What a fee change moves, in the admin's words: one line per kind of money it moves. */
export function feeChangeLines(change: PurchaseFeeChange): string[] {
  const lines = [
    `Оргсбор ${percentText(change.feeBeforePercent)} → ${percentText(change.feeAfterPercent)}.`,
    `Сумма изменится у ${change.changedOrdersCount} из ${change.ordersCount} ${plural(change.ordersCount, 'заказа', 'заказов', 'заказов')}: всего ${formatMoney(change.totalBeforeKopecks)} → ${formatMoney(change.totalAfterKopecks)}.`,
  ];
  const due = change.newlyDueOrdersCount;
  if (due > 0) {
    lines.push(
      `${ordersText(due)} ${plural(due, 'оплачен', 'оплачены', 'оплачены')} и ${plural(due, 'станет', 'станут', 'станут')} ${plural(due, 'оплаченным', 'оплаченными', 'оплаченными')} частично: клиентам доплатить ${formatMoney(change.newlyDueKopecks)}.`,
    );
  }
  const back = change.refundDueOrdersCount;
  if (back > 0) {
    lines.push(
      `${ordersText(back)} ${plural(back, 'окажется переплачен', 'окажутся переплачены', 'окажутся переплачены')}: ${formatMoney(change.refundDueKopecks)} — к возврату клиентам, в «Оплаты» → «К возврату».`,
    );
  }
  if (due === 0 && back === 0) lines.push('Оплаченные заказы не затронуты.');
  return lines;
}

/** The fee changes made so far, newest first: when, who, from what to what, and why. */
function FeeHistory({ purchaseId }: { purchaseId: string }) {
  const history = usePurchaseHistory(purchaseId);
  const changes = (history.data ?? []).filter((e) => e.action === 'fee_changed');
  if (changes.length === 0) return null;
  return (
    <Stack gap={4} data-testid="fee-history">
      <Text size="sm" fw={500}>
        Изменения оргсбора
      </Text>
      {changes.map((e) => (
        <Text key={e.id} size="xs" c="dimmed">
          {formatDateTime(e.createdAt)} · {e.actorName ?? 'система'}: {percentText(e.feeBeforePercent ?? 0)} →{' '}
          {percentText(e.feeAfterPercent ?? 0)}
          {e.comment ? ` — ${e.comment}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

type Props = { purchase: Purchase | null; onClose: () => void };

/**
 * «Изменить оргсбор» after collection: the new fee and a reason, then the figures of what it moves
 * (the server works them out by doing the change and rolling it back), then the change itself.
 */
export function FeeChangeModal({ purchase, onClose }: Props) {
  return (
    <Modal opened={purchase !== null} onClose={onClose} title="Изменить оргсбор" size="lg" centered>
      {purchase && <FeeChangeForm key={purchase.id} purchase={purchase} onDone={onClose} />}
    </Modal>
  );
}

function FeeChangeForm({ purchase, onDone }: { purchase: Purchase; onDone: () => void }) {
  const change = useChangePurchaseFee();
  const form = useFormFields({ reason: '' });
  const [fee, setFee] = useState<number | string>(purchase.organizerFeePercent);
  const [preview, setPreview] = useState<PurchaseFeeChange | null>(null);
  const body = {
    organizerFeePercent: typeof fee === 'number' ? fee : Number(String(fee).replace(',', '.')),
    reason: form.values.reason,
  };

  const previewSubmit = useFormSubmit(form, {
    schema: purchaseFeeBodySchema,
    send: (b: typeof body) => change.mutateAsync({ params: { id: purchase.id }, body: { ...b, dryRun: true } }),
    onSuccess: setPreview,
    extraFields: ['organizerFeePercent'],
  });
  const applySubmit = useFormSubmit(form, {
    schema: applyBodySchema,
    send: (b: typeof body) => change.mutateAsync({ params: { id: purchase.id }, body: { ...b, dryRun: false } }),
    onSuccess: (result) => {
      toast.success(`Оргсбор изменён: ${percentText(result.feeAfterPercent)}`);
      onDone();
    },
    extraFields: ['organizerFeePercent'],
  });

  return (
    <form onSubmit={(event) => void (preview ? applySubmit.submit(body, event) : previewSubmit.submit(body, event))} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Закупка «{purchase.title}»: сбор заказов закончен, клиентам уже показаны суммы заказов. Сначала посмотрите, сколько заказов и
          денег затронет новый оргсбор; изменение запишется в журнал закупки.
        </Text>
        <FormError message={form.formError} />
        <PercentInput
          label="Новый оргсбор, %"
          description={`Сейчас ${percentText(purchase.organizerFeePercent)}`}
          value={fee}
          onChange={(value) => {
            setFee(value);
            setPreview(null);
          }}
          error={form.errors.organizerFeePercent}
          data-autofocus
        />
        <Textarea
          label="Причина"
          description="Останется в журнале закупки"
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          {...form.text('reason')}
        />
        {preview && (
          <Alert
            color={preview.newlyDueOrdersCount > 0 || preview.refundDueOrdersCount > 0 ? 'orange' : 'blue'}
            title="Что изменится"
            data-testid="fee-change-figures"
          >
            <List size="sm" spacing={4}>
              {feeChangeLines(preview).map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FeeHistory purchaseId={purchase.id} />
        <FormFooter onCancel={onDone}>
          {preview ? (
            <Button type="submit" color="red" loading={applySubmit.isSubmitting}>
              Изменить оргсбор на {percentText(preview.feeAfterPercent)}
            </Button>
          ) : (
            <Button type="submit" loading={previewSubmit.isSubmitting}>
              Рассчитать
            </Button>
          )}
        </FormFooter>
      </Stack>
    </form>
  );
}
