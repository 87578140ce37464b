import { useSearchParams } from 'react-router';

/**
 * The open tab of a page kept in the address as `?tab=` (left out for the default one), so a reload or
 * the back button returns to the same view; an unknown value opens the default tab.
 */
export function useAddressTab<T extends string>(tabs: readonly T[], defaultTab: T): [T, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t === params.get('tab')) ?? defaultTab;

  function openTab(next: string | null) {
    setParams((current) => {
      const changed = new URLSearchParams(current);
      if (!next || next === defaultTab) changed.delete('tab');
      else changed.set('tab', next);
      return changed;
    });
  }

  return [tab, openTab];
}
