import { Anchor, Badge, Button, Card, Group, List, Modal, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatPhone,
  plural,
  type RefundDestination,
  refundByHandBodySchema,
  refundDestinationTitles,
  type RefundDue,
  refundDueBodySchema,
} from '@vmeste/contract';
import { IconReceiptRefund } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { FormError } from '@/components/form-error';
import { href } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useRefundsDue } from '../api/get-refunds-due';
import { useRefundDue } from '../api/refund-due';
import { refundDueTextsOf } from './refund-due-texts';

function OrderLink({ refund }: { refund: RefundDue }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Anchor href={href('Order', { id: refund.orderId })} target="_blank" fw={600} size="sm">
        № {refund.orderNumber}
      </Anchor>
      {refund.isCanceled && (
        <Badge size="xs" color="gray.7" variant="light" title="Закупка отменена: возвращается всё, что клиент заплатил">
          отменён
        </Badge>
      )}
    </Group>
  );
}

function ClientCell({ refund }: { refund: RefundDue }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{refund.clientName || '—'}</Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatPhone(refund.phone)}
      </Text>
    </Stack>
  );
}

function RefundButton({ refund, onClick }: { refund: RefundDue; onClick: () => void }) {
  return (
    <Button
      size="xs"
      color="red"
      style={{ flexShrink: 0 }}
      variant="light"
      leftSection={<IconReceiptRefund size={16} />}
      onClick={onClick}
      aria-label={`Вернуть ${formatMoney(refund.refundDueKopecks)} по заказу № ${refund.orderNumber}`}
    >
      Вернуть
    </Button>
  );
}

/**
 * «К возврату» on «Оплаты»: orders whose clients paid more than the orders now cost (goods that did
 * not arrive, a lower fee), and orders of canceled purchases holding money (all of it goes back).
 * Each row returns what is due; the section is not shown while there is none.
 */
export function RefundsDue() {
  const refunds = useRefundsDue();
  const [chosen, setChosen] = useState<RefundDue | null>(null);
  // On a phone the six columns do not fit: each order becomes a short block instead.
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const items = refunds.data ?? [];
  if (items.length === 0) return null;

  const totalKopecks = items.reduce((sum, r) => sum + r.refundDueKopecks, 0);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="refunds-due-title" data-testid="refunds-due">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h3" id="refunds-due-title">
            К возврату
          </Title>
          <Badge color="red.9" variant="filled" size="lg">
            {items.length} {plural(items.length, 'заказ', 'заказа', 'заказов')} · {formatMoney(totalKopecks)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Клиенты заплатили больше, чем теперь стоят их заказы (часть товаров не поступила или снизили оргсбор), — верните разницу. По
          отменённым заказам возвращается всё, что клиент заплатил.
        </Text>
        {isNarrow ? (
          <Stack gap="xs">
            {items.map((refund) => (
              <Card key={refund.orderId} withBorder radius="sm" padding="sm" data-testid="refund-due-row">
                <Stack gap={6}>
                  <Stack gap={0}>
                    <Text size="sm">
                      Заказ <OrderLink refund={refund} /> · {refund.clientName || 'без имени'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatPhone(refund.phone)} · {refund.purchaseTitle}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Оплачено {formatMoney(refund.paidKopecks)}, итого {formatMoney(refund.totalKopecks)}
                    </Text>
                  </Stack>
                  <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={700} style={{ minWidth: 0 }}>
                      К возврату {formatMoney(refund.refundDueKopecks)}
                    </Text>
                    <RefundButton refund={refund} onClick={() => setChosen(refund)} />
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        ) : (
          <BackOfficeTable
            minHeight={0}
            records={items}
            idAccessor="orderId"
            customRowAttributes={() => ({ 'data-testid': 'refund-due-row' })}
            columns={[
              { accessor: 'orderNumber', title: 'Заказ', render: (r) => <OrderLink refund={r} /> },
              { accessor: 'clientName', title: 'Клиент', render: (r) => <ClientCell refund={r} /> },
              {
                accessor: 'purchaseTitle',
                title: 'Закупка',
                render: (r) => (
                  <Text size="sm" lineClamp={2} title={r.purchaseTitle}>
                    {r.purchaseTitle}
                  </Text>
                ),
              },
              { accessor: 'paidKopecks', title: 'Оплачено', textAlign: 'right', noWrap: true, render: (r) => formatMoney(r.paidKopecks) },
              { accessor: 'totalKopecks', title: 'Итого', textAlign: 'right', noWrap: true, render: (r) => formatMoney(r.totalKopecks) },
              {
                accessor: 'refundDueKopecks',
                title: 'К возврату',
                textAlign: 'right',
                noWrap: true,
                render: (r) => (
                  <Text size="sm" fw={700}>
                    {formatMoney(r.refundDueKopecks)}
                  </Text>
                ),
              },
              {
                accessor: 'actions',
                title: '',
                textAlign: 'right',
                width: 120,
                render: (r) => <RefundButton refund={r} onClick={() => setChosen(r)} />,
              },
            ]}
          />
        )}
      </Stack>
      <RefundDueModal refund={chosen} onClose={() => setChosen(null)} />
    </Card>
  );
}

/** The confirm of one refund due: from which payments, through whom, and the admin's comment. */
export function RefundDueModal({ refund, onClose }: { refund: RefundDue | null; onClose: () => void }) {
  return (
    <Modal opened={Boolean(refund)} onClose={onClose} title={refund ? refundDueTextsOf(refund).title : ''} centered>
      {refund && <RefundDueForm key={refund.orderId} refund={refund} onDone={onClose} />}
    </Modal>
  );
}

const destinationOptions = (['money', 'bonus'] as const).map((value) => ({ value, label: refundDestinationTitles[value] }));

function RefundDueForm({ refund, onDone }: { refund: RefundDue; onDone: () => void }) {
  const [to, setTo] = useState<RefundDestination>('money');
  const texts = refundDueTextsOf(refund, to);
  const refundDue = useRefundDue();
  const form = useFormFields({ comment: '' });
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: texts.isCommentRequired ? refundByHandBodySchema : refundDueBodySchema,
    send: (body: { comment: string }) =>
      refundDue.mutateAsync({ params: { orderId: refund.orderId }, body: { comment: body.comment, to } }),
    onSuccess: (result) => {
      toast.success(`Возврат ${formatMoney(result.refundedKopecks)} по заказу № ${result.orderNumber} оформлен`);
      onDone();
    },
  });

  return (
    <form onSubmit={(event: FormEvent) => void submit({ comment: form.values.comment }, event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {refund.clientName || 'Клиент'} · {formatPhone(refund.phone)}.{' '}
          {refund.isCanceled
            ? `Закупка отменена, заказ отменён: возвращается всё оплаченное — ${formatMoney(refund.paidKopecks)}.`
            : `Заказ стоит ${formatMoney(refund.totalKopecks)}, оплачено ${formatMoney(refund.paidKopecks)}.`}
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="refund-due-destination">
            Куда вернуть
          </Text>
          <SegmentedControl
            aria-labelledby="refund-due-destination"
            data={destinationOptions}
            value={to}
            onChange={(value) => setTo(value as RefundDestination)}
            fullWidth
          />
        </Stack>
        <List size="sm" spacing={4} data-testid="refund-due-ways">
          {texts.ways.map((way) => (
            <List.Item key={way}>{way}</List.Item>
          ))}
        </List>
        <Text size="sm">{texts.text}</Text>
        <FormError message={form.formError} />
        <Textarea
          label="Комментарий"
          description={texts.isCommentRequired ? 'Как и куда вернули деньги: например, перевели на карту по номеру телефона' : undefined}
          withAsterisk={texts.isCommentRequired}
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.text('comment')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting} color="red">
            Вернуть {formatMoney(refund.refundDueKopecks)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
