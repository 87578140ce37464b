import { useEffect, useState } from 'react';

/**
 * True while React hydrates a page the server rendered (main.tsx sets it, the root view clears it
 * once the first commit is done). What the server cannot know — this browser's local storage — must
 * render as the server rendered it until then, or React throws the markup away.
 */
let isHydrating = false;

export function startHydration(): void {
  isHydrating = true;
}

export function endHydration(): void {
  isHydrating = false;
}

/**
 * A value read from this browser: `read()` at once on a page rendered here, but `serverValue` while
 * a server-rendered page hydrates, and `read()` right after.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): [T, (value: T) => void] {
  const [wasHydrating] = useState(isHydrating);
  const [value, setValue] = useState(() => (wasHydrating ? serverValue : read()));
  useEffect(() => {
    if (wasHydrating) setValue(read());
    // Read once, after hydration; later changes go through the setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}
