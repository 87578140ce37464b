import type { User } from '@vmeste/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, saveSession, saveUser } from './session';
import { readStored, STORAGE_PREFIX, storageKeys } from './storage';

const user = { id: '00000000-0000-4000-8000-000000000001', name: 'Глеб' } as User;

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('the session', () => {
  it('keeps a reloaded user while signed in', () => {
    saveSession({ accessToken: 'token-1', user });
    saveUser({ ...user, name: 'Глеб Зуев' });
    expect(readStored<User>(storageKeys.user)?.name).toBe('Глеб Зуев');
    expect(getSession().user?.name).toBe('Глеб Зуев');
  });

  it('is left as it is when a reload answers the user as stored, so nothing renders again', () => {
    saveSession({ accessToken: 'token-1', user });
    const before = getSession();
    saveUser({ ...user });
    expect(getSession()).toBe(before);
    saveUser({ ...user, name: 'Глеб Зуев' });
    expect(getSession()).not.toBe(before);
  });

  it('does not bring back a user whose reload answers after the session was cleared in another tab', () => {
    saveSession({ accessToken: 'token-1', user });
    localStorage.clear();
    saveUser(user);
    expect(readStored(storageKeys.user)).toBeNull();
  });

  it('does not put a reloaded account beside the token of another one signed in meanwhile in another tab', () => {
    saveSession({ accessToken: 'token-1', user });
    const other = { ...user, id: '00000000-0000-4000-8000-000000000002', name: 'Анна' };
    // Another tab signs Анна in: local storage changes under this tab.
    localStorage.setItem(STORAGE_PREFIX + storageKeys.token, JSON.stringify('token-2'));
    localStorage.setItem(STORAGE_PREFIX + storageKeys.user, JSON.stringify(other));
    saveUser({ ...user, name: 'Глеб Зуев' });
    expect(readStored<User>(storageKeys.user)?.name).toBe('Анна');
    expect(getSession().user?.name).not.toBe('Глеб Зуев');
  });
});
