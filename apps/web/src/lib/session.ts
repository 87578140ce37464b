import type { AuthResponse, User } from '@vmeste/contract';
import { useSyncExternalStore } from 'react';
import { readStored, removeStored, storageKeys, writeStored } from './storage';

export type Session = { token: string | null; user: User | null };

let session: Session = { token: readStored<string>(storageKeys.token), user: readStored<User>(storageKeys.user) };
const listeners = new Set<() => void>();

function set(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in account, re-rendering on sign-in, sign-out and user reloads. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function saveSession({ accessToken, user }: AuthResponse): void {
  writeStored(storageKeys.token, accessToken);
  writeStored(storageKeys.user, user);
  set({ token: accessToken, user });
}

export function saveUser(user: User): void {
  writeStored(storageKeys.user, user);
  set({ ...session, user });
}

export function clearSession(): void {
  removeStored(storageKeys.token);
  removeStored(storageKeys.user);
  set({ token: null, user: null });
}

// Another tab signing in or out changes local storage; follow it so tabs never disagree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith('vmeste:')) {
      set({ token: readStored<string>(storageKeys.token), user: readStored<User>(storageKeys.user) });
    }
  });
}
