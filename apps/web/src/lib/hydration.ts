import { startTransition, useEffect, useState } from 'react';

/**
 * True while React hydrates a page the server rendered (main.tsx sets it, the root view clears it
 * once the first commit is done). What the server cannot know — this browser's local storage — must
 * render as the server rendered it until then, or React throws the markup away.
 */
let isHydrating = false;

/** A tap on a button before hydration began, kept by `public/hydrate-after-load.js`. */
type EarlyTap = { element: HTMLElement; at: number };
type EarlyTapHolder = { vmesteEarlyTap?: EarlyTap | null };
/** Older than this, a tap is not given again: the client has moved on. */
export const EARLY_TAP_MAX_AGE_MS = 10_000;
let earlyTap: EarlyTap | undefined;

export function startHydration(): void {
  isHydrating = true;
  // From now on React answers taps itself (it replays those made while it hydrates).
  const holder = window as EarlyTapHolder;
  earlyTap = holder.vmesteEarlyTap ?? undefined;
  holder.vmesteEarlyTap = null;
}

const whenHydrated: (() => void)[] = [];

/** Runs once a server-rendered page has hydrated (main.tsx: its data is read again in the background). */
export function onHydrated(callback: () => void): void {
  whenHydrated.push(callback);
}

export function endHydration(): void {
  if (!isHydrating) return;
  isHydrating = false;
  // Buttons of the server's markup work from now on: browser tests wait for this before using them.
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  // In a task of their own: hydration's last commit is long enough without them (blocking time).
  const callbacks = whenHydrated.splice(0);
  if (callbacks.length > 0) setTimeout(() => callbacks.forEach((callback) => callback()), 0);
  const tap = earlyTap;
  earlyTap = undefined;
  // The button the client tapped while the scripts were on their way does now what it says.
  if (tap && tap.element.isConnected && Date.now() - tap.at <= EARLY_TAP_MAX_AGE_MS) setTimeout(() => tap.element.click(), 0);
}

/** Set on `<html>` once a server-rendered page has hydrated, or was rendered anew in the browser. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * A value read from this browser: `read()` at once on a page rendered here, but `serverValue` while
 * a server-rendered page hydrates, and `read()` right after (JSON-comparable values).
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): [T, (value: T) => void] {
  const [wasHydrating] = useState(isHydrating);
  const [value, setValue] = useState(() => (wasHydrating ? serverValue : read()));
  useEffect(() => {
    if (!wasHydrating) return;
    const browserValue = read();
    // Nothing of its own in this browser (the usual case): no second render at all; else in the background.
    if (JSON.stringify(browserValue) !== JSON.stringify(serverValue)) startTransition(() => setValue(browserValue));
    // Read once, after hydration; later changes go through the setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue];
}

/**
 * False on the server and while a server-rendered page hydrates, true from then on (at once on a page
 * rendered in the browser): what needs the page's scripts waits for it, such as a form's fields.
 *
 * The switch after hydration is a transition, rendered in slices between the browser's own work. A
 * store's value that differs from the server's (useSyncExternalStore) would instead re-render every
 * form at once, in one long task right after hydration: the page's worst for a tap (blocking time).
 */
export function useIsHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !isHydrating);
  useEffect(() => {
    if (!isHydrated) startTransition(() => setHydrated(true));
  }, [isHydrated]);
  return isHydrated;
}
