import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  type CreateOrderBody,
  createOrderBodySchema,
  type Order,
  type OrderLineInput,
  orderLineInputSchema,
  parseRublesToKopecks,
  type UpdateOrderBody,
  updateOrderBodySchema,
} from '@vmeste/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { formatMoney } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateOrder } from '../api/create-order';
import { useUpdateOrder } from '../api/update-order';
import { FormFooter } from '@/components/form-footer';
import { parseInRussian } from '@/lib/form-errors';

type LineDraft = { product: string; article: string; options: string; quantity: number | string; price: string };

const emptyLine: LineDraft = { product: '', article: '', options: '', quantity: 1, price: '' };

function toDraft(order: Order | null): LineDraft[] {
  if (!order) return [{ ...emptyLine }];
  return order.lines.map((l) => ({
    product: l.product,
    article: l.article,
    options: l.options,
    quantity: l.quantity,
    price: (l.unitPriceKopecks / 100).toFixed(2).replace('.', ','),
  }));
}

type Props = { purchaseId: string; order: Order | null; opened: boolean; onClose: () => void };

/** A hand-made order or the edit of one: client and lines; totals are computed by the server. */
export function OrderFormModal({ purchaseId, order, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={order ? `Заказ № ${order.number}` : 'Новый заказ'} size="xl" centered>
      {opened && <OrderForm key={order?.id ?? 'new'} purchaseId={purchaseId} order={order} onDone={onClose} />}
    </Modal>
  );
}

function OrderForm({ purchaseId, order, onDone }: { purchaseId: string; order: Order | null; onDone: () => void }) {
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const form = useFormFields({ phone: order?.phone ?? '', clientName: order?.clientName ?? '' });
  const [lines, setLines] = useState<LineDraft[]>(toDraft(order));
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: order ? updateOrderBodySchema : createOrderBodySchema,
    // The schema has checked the body against the variant this form sends.
    send: (body: CreateOrderBody | UpdateOrderBody) =>
      order
        ? update.mutateAsync({ params: { id: order.id }, body: body as UpdateOrderBody })
        : create.mutateAsync({ body: body as CreateOrderBody }),
    onSuccess: () => {
      toast.success(order ? 'Заказ сохранён' : 'Заказ добавлен');
      onDone();
    },
  });

  const setLine = (index: number, patch: Partial<LineDraft>) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  function parseLines(): OrderLineInput[] | string {
    const parsed: OrderLineInput[] = [];
    for (const [index, line] of lines.entries()) {
      const unitPriceKopecks = parseRublesToKopecks(line.price);
      if (unitPriceKopecks === null) return `Строка ${index + 1}: цена «${line.price}» — не денежная сумма`;
      const result = parseInRussian(orderLineInputSchema, { ...line, quantity: Number(line.quantity), unitPriceKopecks });
      if (!result.success) return `Строка ${index + 1}: ${result.error.issues[0]?.message ?? 'проверьте значения'}`;
      parsed.push({ ...line, quantity: Number(line.quantity), unitPriceKopecks });
    }
    return parsed.length ? parsed : 'Добавьте хотя бы один товар';
  }

  /** Lines are checked here first, so a message names the line at fault («Строка 2: …»). */
  function handleSubmit(event: FormEvent) {
    const parsed = parseLines();
    if (typeof parsed === 'string') {
      event.preventDefault();
      form.setErrors({});
      form.setFormError(parsed);
      return;
    }
    const { phone, clientName } = form.values;
    void submit(order ? { clientName, lines: parsed } : { purchaseId, phone, clientName, lines: parsed }, event);
  }

  const goods = lines.reduce((sum, l) => sum + (parseRublesToKopecks(l.price) ?? 0) * (Number(l.quantity) || 0), 0);
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormError message={form.formError ?? form.errors.lines ?? null} />
        <Group grow align="flex-start">
          <PhoneInput
            label="Телефон клиента"
            value={form.values.phone}
            onChange={(phone) => form.set('phone', phone)}
            error={form.errors.phone}
            disabled={Boolean(order)}
            required={!order}
          />
          <TextInput label="ФИО" {...form.text('clientName')} />
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Товар</Table.Th>
                <Table.Th>Артикул</Table.Th>
                <Table.Th>Параметры</Table.Th>
                <Table.Th w={90}>Кол-во</Table.Th>
                <Table.Th w={120}>Цена, ₽</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Товар, строка ${index + 1}`}
                      value={line.product}
                      onChange={(e) => setLine(index, { product: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Артикул, строка ${index + 1}`}
                      value={line.article}
                      onChange={(e) => setLine(index, { article: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Параметры, строка ${index + 1}`}
                      value={line.options}
                      onChange={(e) => setLine(index, { options: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Количество, строка ${index + 1}`}
                      value={line.quantity}
                      onChange={(v) => setLine(index, { quantity: v })}
                      min={1}
                      allowDecimal={false}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Цена, строка ${index + 1}`}
                      value={line.price}
                      onChange={(e) => setLine(index, { price: e.currentTarget.value })}
                      placeholder="0,00"
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Удалить строку ${index + 1}`}
                      onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
                      disabled={lines.length === 1}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setLines((all) => [...all, { ...emptyLine }])}>
            Добавить товар
          </Button>
          <Text size="sm">
            Товары: <b>{formatMoney(goods)}</b> (оргсбор добавится при сохранении)
          </Text>
        </Group>
        {order && order.paidKopecks > 0 && (
          <Text size="sm" c="dimmed">
            Оплачено {formatMoney(order.paidKopecks)}. Если сумма вырастет, разница станет доплатой.
          </Text>
        )}
        <FormFooter onCancel={onDone} isSubmitting={isSubmitting} />
      </Stack>
    </form>
  );
}
