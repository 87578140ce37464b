import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on a phone. Its scrolling area is a named stop of the Tab key, so
 * the columns off screen can be reached from the keyboard too (WCAG 2.1.1), and a screen reader
 * says what the stop is.
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}>
      {children}
    </Table.ScrollContainer>
  );
}

/**
 * A phone or a narrow window, where the warehouse's tables become blocks read top to bottom, so the
 * buttons stay in view without scrolling sideways. Known at the first paint, so no table flashes.
 */
export function useIsNarrow(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
}
