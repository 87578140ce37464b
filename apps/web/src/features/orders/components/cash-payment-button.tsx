import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { cashPaymentBodySchema, formatPhone, type Order } from '@vmeste/contract';
import { useRecordCashPayment } from '@/features/payments';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput, typedPhoneDigits } from '@/components/phone-input';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useOrdersByPhone, useOrdersWithDue } from '../api/get-purchase-orders';
import { PaymentStateBadge } from './payment-state-badge';

type Props = { onRecorded?: (paymentId: string) => void };

/**
 * «Оплата наличными»: the admin finds an order by the client's phone or its number, sees its due and
 * records the cash, which pays the whole due. Lives with orders: finding the order is the larger part.
 */
export function CashPaymentButton({ onRecorded }: Props) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconCash size={18} />} variant="light" onClick={() => setOpen(true)}>
        Оплата наличными
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title="Оплата наличными" size="lg" centered>
        {isOpen && (
          <CashPaymentForm
            onDone={(paymentId) => {
              setOpen(false);
              onRecorded?.(paymentId);
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

type SearchBy = 'phone' | 'number';

function CashPaymentForm({ onDone, onCancel }: { onDone: (paymentId: string) => void; onCancel: () => void }) {
  const [searchBy, setSearchBy] = useState<SearchBy>('phone');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(searchBy === 'phone' ? typedPhoneDigits(text) : text.replace(/\D/g, ''), 300);
  const [picked, setPicked] = useState<Order | null>(null);
  const byPhone = useOrdersByPhone(searchBy === 'phone' ? debounced : '');
  const withDue = useOrdersWithDue(searchBy === 'number' && debounced.length > 0);

  const found: Order[] =
    searchBy === 'phone'
      ? (byPhone.data?.items ?? [])
      : withDue.flatMap((query) => query.data?.items ?? []).filter((o) => String(o.number) === debounced);
  const isSearching = searchBy === 'phone' ? byPhone.isFetching : withDue.some((query) => query.isFetching);
  const hasQuery = searchBy === 'phone' ? debounced.length >= 3 : debounced.length > 0;

  if (picked) return <CashConfirm order={picked} onBack={() => setPicked(null)} onDone={onDone} />;
  return (
    <Stack gap="md">
      <SegmentedControl
        value={searchBy}
        onChange={(next) => {
          setSearchBy(next as SearchBy);
          setText('');
        }}
        data={[
          { value: 'phone', label: 'По телефону' },
          { value: 'number', label: 'По номеру заказа' },
        ]}
      />
      {searchBy === 'phone' ? (
        <PhoneInput
          label="Телефон клиента"
          description="Хотя бы 3 цифры"
          placeholder="+7 (___) ___-__-__"
          leftSection={<IconSearch size={16} />}
          rightSection={isSearching ? <Loader size="xs" /> : null}
          value={text}
          onChange={setText}
          data-autofocus
        />
      ) : (
        <TextInput
          label="Номер заказа"
          placeholder="Например, 12"
          leftSection={<IconSearch size={16} />}
          rightSection={isSearching ? <Loader size="xs" /> : null}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          inputMode="numeric"
          data-autofocus
        />
      )}
      {hasQuery && !isSearching && found.length === 0 && (
        <Text size="sm" c="dimmed">
          {searchBy === 'phone' ? 'Заказов с таким телефоном нет.' : 'Неоплаченного заказа с таким номером нет.'}
        </Text>
      )}
      <Stack gap={6} data-testid="cash-orders">
        {found.map((order) => (
          <OrderChoice key={order.id} order={order} onPick={() => setPicked(order)} />
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Отмена
        </Button>
      </Group>
    </Stack>
  );
}

function OrderChoice({ order, onPick }: { order: Order; onPick: () => void }) {
  const why = order.isCanceled
    ? 'Заказ отменён'
    : order.dueKopecks === 0
      ? 'Оплачен полностью'
      : !order.isPayable
        ? 'Закупка ещё не на оплате'
        : null;
  return (
    <UnstyledButton
      onClick={onPick}
      disabled={Boolean(why)}
      aria-label={`Заказ № ${order.number}`}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, opacity: why ? 0.6 : 1 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Text fw={600} size="sm">
            Заказ № {order.number} · {order.purchase.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatPhone(order.phone)}
            {order.clientName ? ` · ${order.clientName}` : ''}
          </Text>
          {why && <Text size="xs">{why}</Text>}
        </Stack>
        <Stack gap={2} align="flex-end">
          <PaymentStateBadge state={order.paymentState} />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {order.dueKopecks > 0 ? `К оплате ${formatMoney(order.dueKopecks)}` : formatMoney(order.totalKopecks)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function CashConfirm({ order, onBack, onDone }: { order: Order; onBack: () => void; onDone: (paymentId: string) => void }) {
  const recordCash = useRecordCashPayment();
  const form = useFormFields({ comment: '' });
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: cashPaymentBodySchema,
    send: (body: { orderId: string; comment: string }) => recordCash.mutateAsync({ body }),
    onSuccess: (payment) => {
      toast.success(`Оплата наличными записана: ${formatMoney(payment.amountKopecks)} по заказу № ${order.number}`);
      onDone(payment.id);
    },
  });
  return (
    <form onSubmit={(event: FormEvent) => void submit({ orderId: order.id, comment: form.values.comment }, event)} noValidate>
      <Stack gap="md">
        <Alert color="indigo" variant="light">
          <Text size="sm">
            Заказ № {order.number} · {order.purchase.title}
          </Text>
          <Text size="sm">
            {formatPhone(order.phone)}
            {order.clientName ? ` · ${order.clientName}` : ''}
          </Text>
          <Text fw={700} mt={4} data-testid="cash-due">
            Принять {formatMoney(order.dueKopecks)}
          </Text>
        </Alert>
        <Text size="sm" c="dimmed">
          Запишется весь долг по заказу: заказ станет оплаченным. Ошибку можно исправить возвратом.
        </Text>
        <FormError message={form.formError} />
        <Textarea label="Комментарий" autosize minRows={2} {...form.text('comment')} />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Назад
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Подтвердить оплату
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
