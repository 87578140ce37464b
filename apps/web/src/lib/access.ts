import type { User } from '@vmeste/contract';
import { matchPath } from 'react-router';
import { type Access, roleHome, type RouteInfo, routes } from '@/config/routes';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'unknown-role' };

function homeOf(user: User): AccessDecision {
  const home = roleHome(user.role);
  return home ? { kind: 'redirect', to: home } : { kind: 'unknown-role' };
}

/** The guards of the specification's section 4, as one pure function of the route and the user. */
export function decideAccess(access: Access, user: User | null): AccessDecision {
  switch (access.kind) {
    case 'public':
      return { kind: 'allow' };
    case 'guest':
      return user ? homeOf(user) : { kind: 'allow' };
    case 'client': {
      if (!user) return { kind: 'redirect', to: routes.Signin.path };
      if (user.role !== 'client') return homeOf(user);
      if (!user.isConfirmedAccount && !access.isActivationPage) return { kind: 'redirect', to: routes.PersonalActivation.path };
      if (user.isConfirmedAccount && access.isActivationPage) return { kind: 'redirect', to: routes.PersonalHome.path };
      return { kind: 'allow' };
    }
    case 'staff':
      if (!user) return { kind: 'redirect', to: routes.Signin.path };
      return user.role === access.role ? { kind: 'allow' } : homeOf(user);
  }
}

/** The query parameter that carries the page a guest asked for through sign-in, sign-up and activation. */
export const RETURN_PARAM = 'next';

/**
 * A path of this site to come back to, or null: it must start with one «/» and stay on this origin
 * («//host», «/\host» and anything with a scheme are refused), so the parameter is no open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const base = 'https://shop.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The access of the route a path opens, or null for a path of no route. */
export function accessOfPath(path: string): Access | null {
  const pathname = path.split(/[?#]/)[0]!;
  const found = (Object.values(routes) as RouteInfo[]).find((route) => matchPath({ path: route.path, end: true }, pathname));
  return found?.access ?? null;
}

const withReturn = (to: string, path: string) => `${to}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;

/**
 * Where a redirect of the guards goes, keeping the page asked for: a guest sent to sign-in carries it
 * along (`?next=`), a user who then signs in (or signs up and confirms the phone) comes back to it when
 * the role may see it, and an unconfirmed client keeps it through the activation page. Anything else
 * goes where `decideAccess` says.
 */
export function redirectTargetOf(decision: { to: string }, user: User | null, location: { pathname: string; search: string }): string {
  const asked = safeReturnPath(new URLSearchParams(location.search).get(RETURN_PARAM));
  if (!user) {
    const here = `${location.pathname}${location.search}`;
    return decision.to === routes.Signin.path ? withReturn(decision.to, asked ?? here) : decision.to;
  }
  const target = asked ?? (decision.to === routes.PersonalActivation.path ? `${location.pathname}${location.search}` : null);
  const access = target ? accessOfPath(target) : null;
  if (!target || !access) return decision.to;
  const onTarget = decideAccess(access, user);
  if (onTarget.kind === 'allow') return target;
  if (onTarget.kind === 'redirect' && onTarget.to === routes.PersonalActivation.path && target !== routes.PersonalHome.path) {
    return withReturn(routes.PersonalActivation.path, target);
  }
  return decision.to;
}

/** `?next=…` of a search, alone, to carry to the other auth form (the referral `?ref=` stays on sign-up). */
export function keepReturn(search: string): string {
  const asked = safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
  return asked ? `?${new URLSearchParams({ [RETURN_PARAM]: asked }).toString()}` : '';
}
