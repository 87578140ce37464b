import type { AuthResponse, User } from '@vmeste/contract';
import { useEffect, useState } from 'react';
import { useIsHydrated } from './hydration';
import { readStored, removeStored, storageKeys, writeStored } from './storage';

/**
 * `exitTo` is where a user who just signed out (or lost the session) is going: the guards send them
 * there instead of to sign-in, whatever order the navigation and the re-render happen in.
 */
export type Session = { token: string | null; user: User | null; exitTo: string | null };

/** What the server renders with: it never knows who is signed in (the token is in local storage). */
const GUEST: Session = { token: null, user: null, exitTo: null };

/**
 * What local storage holds. A user stored without a token is no session (see `saveUser`). A guest is
 * the very object the server rendered with, so a hydrated page has nothing to render again for them.
 */
function storedSession(): Session {
  const token = readStored<string>(storageKeys.token);
  return token ? { token, user: readStored<User>(storageKeys.user), exitTo: null } : GUEST;
}

let session: Session = storedSession();
const listeners = new Set<() => void>();

function set(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

/**
 * The signed-in account, re-rendering on sign-in, sign-out and user reloads. A server-rendered page
 * hydrates as the guest it was rendered for, then re-renders with the session of this browser: in
 * the same background render (a transition) that tells the guards the session is known
 * (`useIsHydrated`), so a guard never sees a known session that is still the guest. A store hook
 * (useSyncExternalStore) would re-render every user of the session at once, blocking, right after
 * hydration.
 */
export function useSession(): Session {
  const isHydrated = useIsHydrated();
  const [current, setCurrent] = useState(session);
  useEffect(() => {
    const show = () => setCurrent(session);
    listeners.add(show);
    // A change between this render and now shows too.
    show();
    return () => void listeners.delete(show);
  }, []);
  return isHydrated ? current : GUEST;
}

export function saveSession({ accessToken, user }: AuthResponse): void {
  writeStored(storageKeys.token, accessToken);
  writeStored(storageKeys.user, user);
  set({ token: accessToken, user, exitTo: null });
}

export function saveUser(user: User): void {
  // A reload of the user that answers after the session was cleared (signed out here or in another
  // tab) must not bring the user back.
  if (!readStored<string>(storageKeys.token)) return;
  // Nor put an account beside another one's token: a reload of this tab's old account answering after
  // another tab signed a different one in.
  const stored = readStored<User>(storageKeys.user);
  if (stored && stored.id !== user.id) return;
  // The usual answer is the user as stored: nothing to render again (every cabinet reloads it on
  // opening, and a new session would re-render the whole page at once, blocking a phone).
  if (JSON.stringify(user) === JSON.stringify(session.user)) return;
  writeStored(storageKeys.user, user);
  set({ ...session, user });
}

export function clearSession(exitTo: string | null = null): void {
  removeStored(storageKeys.token);
  removeStored(storageKeys.user);
  set({ token: null, user: null, exitTo });
}

/** The exit was reached: from now on guests are sent to sign-in as usual. */
export function exitReached(): void {
  if (session.exitTo) set({ ...session, exitTo: null });
}

// Another tab signing in or out changes local storage; follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith('vmeste:')) {
      set(storedSession());
    }
  });
}
