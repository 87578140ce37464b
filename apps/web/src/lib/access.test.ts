import type { User } from '@vmeste/contract';
import { describe, expect, it } from 'vitest';
import { routes } from '@/config/routes';
import { sampleUser } from '@/test/samples';
import { decideAccess } from './access';

const user = (role: User['role'], isConfirmedAccount = true) => sampleUser({ role, isConfirmedAccount });

describe('decideAccess', () => {
  it('lets anyone open public pages', () => {
    expect(decideAccess(routes.Main.access, null)).toEqual({ kind: 'allow' });
    expect(decideAccess(routes.Contacts.access, user('admin'))).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user away from guest-only pages to the home of their role', () => {
    expect(decideAccess(routes.Signin.access, null)).toEqual({ kind: 'allow' });
    expect(decideAccess(routes.Signin.access, user('client'))).toEqual({ kind: 'redirect', to: '/personal' });
    expect(decideAccess(routes.Signup.access, user('admin'))).toEqual({ kind: 'redirect', to: '/admin/purchase/cover' });
    expect(decideAccess(routes.Signin.access, user('organizer'))).toEqual({ kind: 'unknown-role' });
  });

  it('sends guests from protected pages to sign-in', () => {
    expect(decideAccess(routes.PersonalHome.access, null)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(decideAccess(routes.AdminUser.access, null)).toEqual({ kind: 'redirect', to: '/signin' });
    expect(decideAccess(routes.PersonalActivation.access, null)).toEqual({ kind: 'redirect', to: '/signin' });
  });

  it('sends a role mismatch to the own home', () => {
    expect(decideAccess(routes.AdminUser.access, user('client'))).toEqual({ kind: 'redirect', to: '/personal' });
    expect(decideAccess(routes.PersonalHome.access, user('admin'))).toEqual({ kind: 'redirect', to: '/admin/purchase/cover' });
    expect(decideAccess(routes.LogisticianMain.access, user('storekeeper'))).toEqual({ kind: 'redirect', to: '/storekeeper/home' });
    expect(decideAccess(routes.StorekeeperHome.access, user('logistician'))).toEqual({ kind: 'redirect', to: '/logistician/main' });
  });

  it('gives roles without a home the unknown-role outcome', () => {
    expect(decideAccess(routes.AdminUser.access, user('organizer'))).toEqual({ kind: 'unknown-role' });
    expect(decideAccess(routes.PersonalHome.access, user('merchandiser'))).toEqual({ kind: 'unknown-role' });
  });

  it('keeps an unconfirmed client on the activation page and a confirmed one off it', () => {
    expect(decideAccess(routes.PersonalProfile.access, user('client', false))).toEqual({ kind: 'redirect', to: '/personal/activation' });
    expect(decideAccess(routes.PersonalActivation.access, user('client', false))).toEqual({ kind: 'allow' });
    expect(decideAccess(routes.PersonalActivation.access, user('client', true))).toEqual({ kind: 'redirect', to: '/personal' });
  });
});
