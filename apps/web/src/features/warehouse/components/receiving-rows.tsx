import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ReceivingGroup, ReceivingLine } from '@vmeste/contract';
import { IconCheck, IconChevronDown, IconChevronRight, IconDeviceFloppy, IconLock, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useState } from 'react';
import { ReceivingStateBadge } from './warehouse-badges';
import { lineStateOf, productNameOf, readUnits, receivingStateOf, unitsText, unlockedLinesOf } from './warehouse-texts';

export type ReceivingMark = { lineIds: string[]; arrivedQuantity: number };
/** Sends the marks; resolves whether they were saved (a failure has shown its toast already). */
export type MarkReceiving = (marks: ReceivingMark[]) => Promise<boolean>;

type Saving = 'all' | 'none' | 'units' | null;

/**
 * «Поступило полностью», «Не поступило», or a number of units and «Сохранить». What is typed stays in
 * this row only, so typing redraws one row, not a sheet of hundreds. The full form is a product's,
 * the compact one (icons with tooltips) an order line's. Each control names what it marks, as the
 * sheet has hundreds of them.
 */
function MarkControls({
  target,
  max,
  isCompact,
  mark,
}: {
  target: string;
  max: number;
  isCompact: boolean;
  mark: (units: number) => Promise<boolean>;
}) {
  const [units, setUnits] = useState<string | number>('');
  const [saving, setSaving] = useState<Saving>(null);
  const read = readUnits(units, max);
  const error = read && 'error' in read ? read.error : undefined;
  const typed = read && 'value' in read ? read.value : null;

  async function save(kind: Exclude<Saving, null>, value: number) {
    setSaving(kind);
    const isSaved = await mark(value);
    setSaving(null);
    if (isSaved && kind === 'units') setUnits('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (typed !== null) void save('units', typed);
  }

  const isBusy = saving !== null;
  const names = {
    all: `Поступило полностью: ${target}`,
    none: `Не поступило: ${target}`,
    units: `Поступило, шт.: ${target}`,
    save: `Сохранить: ${target}`,
  };
  const field = (
    <NumberInput
      size="xs"
      w={isCompact ? 64 : 84}
      placeholder="шт."
      aria-label={names.units}
      value={units}
      onChange={setUnits}
      onKeyDown={onKeyDown}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      error={error}
      disabled={isBusy}
    />
  );
  if (isCompact) {
    return (
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Tooltip label="Поступило полностью">
          <ActionIcon
            color="teal.9"
            aria-label={names.all}
            loading={saving === 'all'}
            disabled={isBusy}
            onClick={() => void save('all', max)}
          >
            <IconCheck size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Не поступило">
          <ActionIcon
            variant="default"
            c="red.9"
            aria-label={names.none}
            loading={saving === 'none'}
            disabled={isBusy}
            onClick={() => void save('none', 0)}
          >
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
        {field}
        <Tooltip label="Сохранить">
          <ActionIcon
            variant="default"
            aria-label={names.save}
            loading={saving === 'units'}
            disabled={isBusy || typed === null}
            onClick={() => typed !== null && void save('units', typed)}
          >
            <IconDeviceFloppy size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap={6} maw={330} align="flex-start">
      <Button
        size="xs"
        color="teal.9"
        aria-label={names.all}
        loading={saving === 'all'}
        disabled={isBusy && saving !== 'all'}
        onClick={() => void save('all', max)}
      >
        Поступило полностью
      </Button>
      <Button
        size="xs"
        variant="default"
        c="red.9"
        aria-label={names.none}
        loading={saving === 'none'}
        disabled={isBusy && saving !== 'none'}
        onClick={() => void save('none', 0)}
      >
        Не поступило
      </Button>
      <Group gap={6} wrap="nowrap" align="flex-start">
        {field}
        <Button
          size="xs"
          variant="default"
          aria-label={names.save}
          loading={saving === 'units'}
          disabled={(isBusy && saving !== 'units') || typed === null}
          onClick={() => typed !== null && void save('units', typed)}
        >
          Сохранить
        </Button>
      </Group>
    </Group>
  );
}

function LockedNote({ text }: { text: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconLock size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

const count = (n: number | null) => (n === null ? '—' : n);

/** The product's name, and its article and options below it. */
function ProductTitle({ group }: { group: ReceivingGroup }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {group.product}
      </Text>
      <Text size="xs" c="dimmed">
        {[group.article && `Арт. ${group.article}`, group.options].filter(Boolean).join(' · ') || '—'}
      </Text>
    </div>
  );
}

/**
 * The marks of a whole product, over its lines not locked by packing, and how many units packing
 * keeps; in a `Stack` of `gap` when given (a table cell), else beside the card's other blocks.
 */
function ProductMarks({ group, name, onMark, gap }: { group: ReceivingGroup; name: string; onMark: MarkReceiving; gap?: number }) {
  const unlocked = unlockedLinesOf(group);
  if (unlocked.length === 0) return <LockedNote text="Все заказы упакованы: приёмка не меняется" />;
  const unlockedUnits = unlocked.reduce((sum, l) => sum + l.quantity, 0);
  const lockedUnits = group.expectedQuantity - unlockedUnits;
  const marks = (
    <>
      <MarkControls
        target={name}
        max={unlockedUnits}
        isCompact={false}
        mark={(arrivedQuantity) => onMark([{ lineIds: unlocked.map((l) => l.lineId), arrivedQuantity }])}
      />
      {lockedUnits > 0 && (
        <LockedNote text={`Упакованные заказы (${unitsText(lockedUnits)}) не меняются: отметьте до ${unitsText(unlockedUnits)}`} />
      )}
    </>
  );
  return gap === undefined ? marks : <Stack gap={gap}>{marks}</Stack>;
}

/** One order's line of the product: its own marks, or the lock when the order is packed. */
const ReceivingLineRow = memo(function ReceivingLineRow({
  line,
  productName,
  onMark,
}: {
  line: ReceivingLine;
  productName: string;
  onMark: MarkReceiving;
}) {
  const missing = line.arrivedQuantity === null ? null : line.quantity - line.arrivedQuantity;
  return (
    <Table.Tr>
      <Table.Td />
      <Table.Td pl="lg">
        <Stack gap={4} align="flex-start">
          <div>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              Заказ № {line.orderNumber}
            </Text>
            <Text size="xs" c="dimmed">
              {line.clientName || 'Клиент без имени'}
            </Text>
          </div>
          <ReceivingStateBadge state={lineStateOf(line)} />
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{line.quantity}</Table.Td>
      <Table.Td ta="right">{count(line.arrivedQuantity)}</Table.Td>
      <Table.Td ta="right" c={missing ? 'red.9' : undefined}>
        {count(missing)}
      </Table.Td>
      <Table.Td>
        {line.isLocked ? (
          <LockedNote text="Заказ упакован: приёмка не меняется" />
        ) : (
          <MarkControls
            target={`${productName}, заказ № ${line.orderNumber}`}
            max={line.quantity}
            isCompact
            mark={(arrivedQuantity) => onMark([{ lineIds: [line.lineId], arrivedQuantity }])}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * A product of the sheet: its totals and marks, and its orders' lines when opened. A mark of the
 * product goes to all its lines not locked by packing, in one request; the server shares the units
 * out (who ordered first gets them first).
 */
export const ReceivingGroupRows = memo(function ReceivingGroupRows({ group, onMark }: { group: ReceivingGroup; onMark: MarkReceiving }) {
  const [isOpen, setOpen] = useState(false);
  const name = productNameOf(group);
  const hasReceived = group.lines.some((l) => l.arrivedQuantity !== null);

  return (
    <Table.Tbody>
      <Table.Tr bg="gray.0">
        <Table.Td>
          <ActionIcon
            variant="subtle"
            aria-label={`Заказы с товаром: ${name}`}
            aria-expanded={isOpen}
            onClick={() => setOpen((was) => !was)}
          >
            {isOpen ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <Stack gap={4} align="flex-start">
            <ProductTitle group={group} />
            <ReceivingStateBadge state={receivingStateOf(group)} />
          </Stack>
        </Table.Td>
        <Table.Td ta="right" fw={600}>
          {group.expectedQuantity}
        </Table.Td>
        <Table.Td ta="right">{hasReceived ? group.arrivedQuantity : '—'}</Table.Td>
        <Table.Td ta="right" c={group.missingQuantity ? 'red.9' : undefined}>
          {hasReceived ? group.missingQuantity : '—'}
        </Table.Td>
        <Table.Td>
          <ProductMarks group={group} name={name} onMark={onMark} gap={4} />
        </Table.Td>
      </Table.Tr>
      {isOpen && group.lines.map((line) => <ReceivingLineRow key={line.lineId} line={line} productName={name} onMark={onMark} />)}
    </Table.Tbody>
  );
});

/** The same product as a block for a phone: totals in a line, the marks below, the lines under it when opened. */
export const ReceivingGroupCard = memo(function ReceivingGroupCard({ group, onMark }: { group: ReceivingGroup; onMark: MarkReceiving }) {
  const [isOpen, setOpen] = useState(false);
  const name = productNameOf(group);
  const hasReceived = group.lines.some((l) => l.arrivedQuantity !== null);

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ProductTitle group={group} />
          <ReceivingStateBadge state={receivingStateOf(group)} />
        </Group>
        <Text size="sm">
          Заказано <b>{group.expectedQuantity}</b> · поступило {hasReceived ? group.arrivedQuantity : '—'} · не поступило{' '}
          <Text span c={group.missingQuantity ? 'red.9' : undefined} inherit>
            {hasReceived ? group.missingQuantity : '—'}
          </Text>
        </Text>
        <ProductMarks group={group} name={name} onMark={onMark} />
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={isOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            aria-label={`Заказы с товаром: ${name}`}
            aria-expanded={isOpen}
            onClick={() => setOpen((was) => !was)}
          >
            {`Заказы (${group.lines.length})`}
          </Button>
        </Group>
        {isOpen &&
          group.lines.map((line) => (
            <Stack key={line.lineId} gap={6} pl="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <div>
                  <Text size="sm">Заказ № {line.orderNumber}</Text>
                  <Text size="xs" c="dimmed">
                    {line.clientName || 'Клиент без имени'}
                  </Text>
                </div>
                <ReceivingStateBadge state={lineStateOf(line)} />
              </Group>
              <Text size="sm">
                Заказано {line.quantity} · поступило {count(line.arrivedQuantity)}
              </Text>
              {line.isLocked ? (
                <LockedNote text="Заказ упакован: приёмка не меняется" />
              ) : (
                <MarkControls
                  target={`${name}, заказ № ${line.orderNumber}`}
                  max={line.quantity}
                  isCompact
                  mark={(arrivedQuantity) => onMark([{ lineIds: [line.lineId], arrivedQuantity }])}
                />
              )}
            </Stack>
          ))}
      </Stack>
    </Paper>
  );
});
