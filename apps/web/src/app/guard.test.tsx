import type { User } from '@vmeste/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/config/routes';
import { setNavigator } from '@/lib/navigation';
import { clearSession, exitReached, getSession, saveSession, saveUser } from '@/lib/session';
import { stubApi } from '@/lib/test-api';
import { sampleUser } from '@/test/samples';
import { Guard } from './guard';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

const user = (role: User['role'], isConfirmedAccount = true) => sampleUser({ role, isConfirmedAccount });

const signIn = (u: User) => act(() => saveSession({ accessToken: 'token', user: u }));

function Here() {
  const location = useLocation();
  return <output data-testid="here">{`${location.pathname}${location.search}`}</output>;
}

/** The guards of the app's route tree around pages that only say where they are. */
function renderAt(path: string) {
  const page = (route: { path: string }) => ({ path: route.path, element: <Here /> });
  const router = createMemoryRouter(
    [
      page(routes.Main),
      { element: <Guard access={routes.Signin.access} />, children: [page(routes.Signin), page(routes.Signup)] },
      {
        element: <Guard access={routes.PersonalHome.access} />,
        children: [page(routes.PersonalHome), page(routes.PersonalUnpaidOrders), page(routes.PersonalProfile)],
      },
      { element: <Guard access={routes.PersonalActivation.access} />, children: [page(routes.PersonalActivation)] },
      { element: <Guard access={routes.AdminPurchaseCover.access} />, children: [page(routes.AdminPurchaseCover)] },
    ],
    { initialEntries: [path] },
  );
  setNavigator((to) => router.navigate(to));
  return render(<RouterProvider router={router} />);
}

const here = () => screen.getByTestId('here').textContent;
const UNPAID = encodeURIComponent('/personal/orders/unpaid');

beforeEach(() => {
  clearSession();
  exitReached();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a link from a message keeps its target through sign-in', () => {
  it('a guest opening the unpaid orders signs in and lands on them, not on the cabinet home', async () => {
    renderAt('/personal/orders/unpaid');
    await waitFor(() => expect(here()).toBe(`/signin?next=${UNPAID}`));
    await signIn(user('client'));
    await waitFor(() => expect(here()).toBe('/personal/orders/unpaid'));
  });

  it('through sign-up and activation too', async () => {
    renderAt(`/signup?next=${UNPAID}`);
    await signIn(user('client', false));
    await waitFor(() => expect(here()).toBe(`/personal/activation?next=${UNPAID}`));
    act(() => saveUser(user('client', true)));
    await waitFor(() => expect(here()).toBe('/personal/orders/unpaid'));
  });

  it('a role that may not see the page goes to its own home', async () => {
    renderAt(`/signin?next=${UNPAID}`);
    await signIn(user('admin'));
    await waitFor(() => expect(here()).toBe('/admin/purchase/cover'));
  });

  it('only a path of this site: another host or a scheme is ignored', async () => {
    for (const next of ['//evil.example/personal', '/\\evil.example', 'https://evil.example/personal', 'javascript:alert(1)']) {
      clearSession();
      const view = renderAt(`/signin?next=${encodeURIComponent(next)}`);
      await signIn(user('client'));
      await waitFor(() => expect(here()).toBe('/personal'));
      view.unmount();
    }
  });

  it('a lost session (a 401) still goes to the main page, not to sign-in with a target', async () => {
    await signIn(user('client'));
    renderAt('/personal/orders/unpaid');
    await waitFor(() => expect(here()).toBe('/personal/orders/unpaid'));
    act(() => clearSession(routes.Main.path));
    await waitFor(() => expect(here()).toBe('/'));
  });
});

describe('a role without an area', () => {
  it(
    'an organizer gets the alert «Неизвестная роль», a warning on the page, and is signed out on the server and here',
    { timeout: 30_000 },
    async () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      const calls = stubApi((call) => (call.path === '/auth/logout' ? { status: 200, body: {} } : undefined));
      renderAt('/signin');
      await signIn(user('organizer'));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Неизвестная роль'));
      await waitFor(
        () =>
          expect(notifications.show).toHaveBeenCalledWith(
            expect.objectContaining({ title: 'Предупреждение', message: expect.stringContaining('Неизвестная роль') }),
          ),
        // The sign-out and the toasts are loaded when first used.
        { timeout: 15_000 },
      );
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /auth/logout']);
      expect(getSession().token).toBeNull();
      await waitFor(() => expect(here()).toBe('/'));
    },
  );
});
