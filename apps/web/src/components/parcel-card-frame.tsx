import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** The parcel's number: it names the card (`parcel-12`) for the tests that look for it. */
  number: number;
  bg?: string | undefined;
  /** The tick of a list that selects parcels, before the number. */
  selection?: ReactNode;
  /** The parcel's number as the feature shows it. */
  heading: ReactNode;
  weight: ReactNode;
  /** What the feature tells of the parcel, below the heading. */
  children: ReactNode;
};

/** A parcel as a card on a phone (warehouse and logistics alike): tick and number at the top left, weight at the top right. */
export function ParcelCardFrame({ number, bg, selection, heading, weight, children }: Props) {
  return (
    <Paper withBorder radius="md" p="sm" bg={bg} data-testid={`parcel-${number}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            {selection}
            {heading}
          </Group>
          {weight}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
