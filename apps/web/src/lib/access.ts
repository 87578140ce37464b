import type { User } from '@vmeste/contract';
import { type Access, roleHome, routes } from '@/config/routes';

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
