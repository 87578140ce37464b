import { authEndpoints, FORGOT_PASSWORD_MESSAGE } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { AccountsServices } from './accounts.services.js';
import { toUserView } from './user-view.js';

export function authRoutes(s: AccountsServices) {
  return routesOf(authEndpoints, {
    signIn: ({ body, meta }) => s.auth.signIn(body, meta),
    signUp: ({ body, meta }) => s.auth.signUp(body, meta),
    logout: async ({ auth }) => {
      await s.auth.logout(auth.sessionId);
      return { ok: true as const };
    },
    forgotPassword: async ({ body, meta, request }) => {
      await s.passwordRecovery.requestReset(body.phone, meta, request.log);
      return { ok: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
    checkResetLink: async ({ params, meta }) => ({ isLive: await s.passwordRecovery.isLinkLive(params.id, meta) }),
    resetPassword: async ({ body, meta }) => {
      await s.passwordRecovery.resetPassword(body.id, body.password, meta);
      return { ok: true as const };
    },
    activationStatus: ({ auth }) => s.activation.status(auth.user),
    sendActivationCode: async ({ auth, meta }) => ({ ok: true as const, ...(await s.activation.sendCode(auth.user, meta)) }),
    confirmActivation: async ({ auth, body, meta }) => toUserView(await s.activation.confirm(auth.user, body.code, meta)),
  });
}
