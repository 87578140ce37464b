import type { AuthResponse, SigninBody, SignupBody, User } from '@vmeste/contract';
import { routes } from '@/config/routes';
import { api, setUnauthorizedHandler } from './api-client';
import { navigateTo } from './navigation';
import { clearSession, getSession, saveSession, saveUser } from './session';

export async function signIn(body: SigninBody): Promise<User> {
  const auth = await api.post<AuthResponse>('/auth/signin', body);
  saveSession(auth);
  return auth.user;
}

export async function signUp(body: SignupBody): Promise<User> {
  // The specification drops an empty referer from the payload.
  const payload = { ...body };
  if (!payload.referer) delete payload.referer;
  const auth = await api.post<AuthResponse>('/auth/signup', payload);
  saveSession(auth);
  return auth.user;
}

/** Forget the session and go to Main; the guards follow `exitTo` rather than sending to sign-in. */
function leaveToMain(): void {
  clearSession(routes.Main.path);
  void navigateTo(routes.Main.path);
}

/** Logout: the server revokes the session, then the user lands on Main with nothing stored. */
export async function logout(): Promise<void> {
  if (getSession().token) {
    try {
      await api.delete('/auth/logout');
    } catch {
      // The session may already be gone on the server; signing out locally is what matters.
    }
  }
  leaveToMain();
}

export async function reloadCurrentUser(): Promise<User> {
  const user = await api.get<User>('/users/my');
  saveUser(user);
  return user;
}

// Any 401 means the session is gone: sign out locally (calling the server again would 401 again).
setUnauthorizedHandler(() => {
  if (getSession().token) leaveToMain();
});
