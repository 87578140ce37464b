import { useMediaQuery } from '@mantine/hooks';

/**
 * A phone or a narrow window, where the logistician's tables become cards read top to bottom, so
 * the buttons stay in view without scrolling sideways. Known at the first paint, so no table flashes.
 */
export function useIsNarrow(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
}
