import { Stack, Text } from '@mantine/core';
import type { BonusEntry } from '@vmeste/contract';
import { entrySourceText, formatSignedMoney, writtenOffText } from './bonus-texts';

/** A ledger row's amount with its sign: credits green, debits red (dark shades, readable on white). */
export function EntryAmount({ kopecks, size = 'sm' }: { kopecks: number; size?: 'sm' | 'md' }) {
  return (
    <Text size={size} fw={600} c={kopecks > 0 ? 'teal.9' : kopecks < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatSignedMoney(kopecks)}
    </Text>
  );
}

/** What a row is: its description, where it came from, the admin's comment, and what could not be taken back. */
export function EntryDescription({ entry }: { entry: BonusEntry }) {
  const source = entrySourceText(entry);
  // A manual row's description usually is its comment already; it is not said twice.
  const comment = entry.comment && !entry.description.includes(entry.comment) ? entry.comment : '';
  return (
    <Stack gap={2}>
      <Text size="sm">{entry.description}</Text>
      {source && (
        <Text size="xs" c="dimmed">
          {source}
        </Text>
      )}
      {comment && (
        <Text size="xs" c="dimmed">
          «{comment}»
        </Text>
      )}
      {entry.writtenOffKopecks > 0 && (
        <Text size="xs" c="orange.9" data-testid="written-off">
          {writtenOffText(entry.writtenOffKopecks, entry.amountKopecks > 0 || entry.kind === 'refund')}
        </Text>
      )}
    </Stack>
  );
}
