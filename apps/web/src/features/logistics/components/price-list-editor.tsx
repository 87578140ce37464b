import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import {
  type DeliveryKind,
  deliveryKinds,
  deliveryKindTitles,
  parseRublesToKopecks,
  type PriceListBody,
  priceListBodySchema,
  type Tariff,
} from '@vmeste/contract';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSavePriceList } from '../api/save-price-list';
import { FormFooter } from '@/components/form-footer';
import { AppliesFromInput } from './applies-from-input';
import { formatDay, moscowToday, rublesTextOf, tariffsText } from './logistics-texts';
import { parseInRussian } from '@/lib/form-errors';

export const PRICE_FORMAT_MESSAGE = 'Цена — в рублях, например 350 или 349,90';

type Field = 'kind' | 'fromGrams' | 'toGrams' | 'priceKopecks';
type Row = { key: number; kind: DeliveryKind; fromGrams: string; toGrams: string; price: string };
type RowErrors = Record<string, string>;

const kindOptions = deliveryKinds.map((k) => ({ value: k, label: deliveryKindTitles[k] }));
const kindOrder = (kind: DeliveryKind) => deliveryKinds.indexOf(kind);
const errorKey = (index: number, field: Field) => `${index}.${field}`;

function rowsOf(tariffs: readonly Tariff[]): Row[] {
  return [...tariffs]
    .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.fromGrams - b.fromGrams)
    .map((t, i) => ({
      key: i,
      kind: t.kind,
      fromGrams: String(t.fromGrams),
      toGrams: String(t.toGrams),
      price: rublesTextOf(t.priceKopecks),
    }));
}

/** A typed weight: the schema judges the number, an empty field is «not given». */
const gramsOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/**
 * The tariffs as rows of the body and the messages of the rows that cannot be sent: an unreadable
 * price here, and whatever the contract's schema refuses, under its row and field.
 */
export function readPriceList(rows: readonly Row[], appliesFrom: string) {
  const errors: RowErrors = {};
  const tariffs = rows.map((row, i) => {
    const priceText = row.price.trim();
    const priceKopecks = priceText === '' ? undefined : parseRublesToKopecks(priceText);
    if (priceText === '') errors[errorKey(i, 'priceKopecks')] = 'Укажите цену';
    else if (priceKopecks === null) errors[errorKey(i, 'priceKopecks')] = PRICE_FORMAT_MESSAGE;
    return { kind: row.kind, fromGrams: gramsOf(row.fromGrams), toGrams: gramsOf(row.toGrams), priceKopecks: priceKopecks ?? undefined };
  });
  const body = { appliesFrom, tariffs } as PriceListBody;
  let formError: string | null = null;
  let dateError: string | null = null;
  const parsed = parseInRussian(priceListBodySchema, body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [top, index, field] = issue.path;
      if (top === 'appliesFrom') dateError ??= issue.message;
      else if (top === 'tariffs' && typeof index === 'number' && typeof field === 'string')
        errors[errorKey(index, field as Field)] ??= issue.message;
      else formError ??= issue.message;
    }
  }
  const isValid = parsed.success && Object.keys(errors).length === 0;
  return { body, errors, formError, dateError, isValid };
}

type Props = { opened: boolean; initial: readonly Tariff[]; onClose: () => void; isFullScreen?: boolean };

/** A new version of the price list, from the tariffs in force (or from scratch) and the day it applies from. */
export function PriceListEditorModal({ opened, initial, onClose, isFullScreen = false }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Новая версия прайс-листа" size="xl" centered fullScreen={isFullScreen}>
      {opened && <PriceListEditor initial={initial} onDone={onClose} />}
    </Modal>
  );
}

export function PriceListEditor({ initial, onDone }: { initial: readonly Tariff[]; onDone: () => void }) {
  const save = useSavePriceList();
  const form = useFormFields({ appliesFrom: moscowToday() });
  const [rows, setRows] = useState<Row[]>(() =>
    initial.length > 0 ? rowsOf(initial) : [{ key: 0, kind: 'boxberry', fromGrams: '0', toGrams: '', price: '' }],
  );
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const nextKey = useRef(rows.length);
  const { submit, isSubmitting } = useFormSubmit(form, {
    send: (body: PriceListBody) => save.mutateAsync({ body }),
    onSuccess: (version) => {
      toast.success(`Прайс-лист сохранён: ${tariffsText(version.tariffs.length)}, действует с ${formatDay(version.appliesFrom)}`);
      onDone();
    },
  });

  const change = (key: number, patch: Partial<Row>) => setRows((was) => was.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const remove = (key: number) => setRows((was) => was.filter((r) => r.key !== key));

  function addRow() {
    setRows((was) => {
      const last = was[was.length - 1];
      const kind = last?.kind ?? 'boxberry';
      // The next band of the same kind starts a gram after the heaviest one so far.
      const heaviest = Math.max(-1, ...was.filter((r) => r.kind === kind).map((r) => Number(r.toGrams) || 0));
      const row: Row = { key: nextKey.current, kind, fromGrams: String(heaviest + 1), toGrams: '', price: '' };
      nextKey.current += 1;
      return [...was, row];
    });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const read = readPriceList(rows, form.values.appliesFrom);
    setRowErrors(read.errors);
    form.setErrors(read.dateError ? { appliesFrom: read.dateError } : {});
    form.setFormError(read.formError);
    if (read.isValid) void submit(read.body);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <AppliesFromInput form={form} />
        <Text size="sm" c="dimmed">
          Вес — в граммах, края диапазона включаются: 0–1 000 г и 1 001–3 000 г. Диапазоны одного способа доставки не должны пересекаться.
          Счета, выставленные раньше, сохранят свои цены.
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} data-testid="tariff-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Способ доставки</Table.Th>
                <Table.Th>Вес от, г</Table.Th>
                <Table.Th>Вес до, г</Table.Th>
                <Table.Th>Цена, ₽</Table.Th>
                <Table.Th w={48}>
                  <VisuallyHidden>Удалить</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => {
                const n = i + 1;
                const grams = (field: 'fromGrams' | 'toGrams') => ({
                  value: row[field],
                  onChange: (value: number | string) => change(row.key, { [field]: String(value) }),
                  error: rowErrors[errorKey(i, field)],
                  allowDecimal: false,
                  allowNegative: false,
                  thousandSeparator: ' ',
                  hideControls: true,
                  inputMode: 'numeric' as const,
                });
                return (
                  <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
                    <Table.Td miw={210}>
                      <Select
                        aria-label={`Способ доставки, строка ${n}`}
                        data={kindOptions}
                        value={row.kind}
                        onChange={(kind) => kind && change(row.key, { kind: kind as DeliveryKind })}
                        allowDeselect={false}
                        error={rowErrors[errorKey(i, 'kind')]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`Вес от, г, строка ${n}`} {...grams('fromGrams')} />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`Вес до, г, строка ${n}`} {...grams('toGrams')} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Цена, ₽, строка ${n}`}
                        inputMode="decimal"
                        autoComplete="off"
                        value={row.price}
                        onChange={(event) => change(row.key, { price: event.currentTarget.value })}
                        error={rowErrors[errorKey(i, 'priceKopecks')]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        aria-label={`Удалить строку ${n}`}
                        onClick={() => remove(row.key)}
                        disabled={rows.length === 1}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={addRow}>
            Добавить строку
          </Button>
        </Group>
        <FormError message={form.formError} />
        <FormFooter onCancel={onDone}>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={isSubmitting}>
            Сохранить новую версию
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}
