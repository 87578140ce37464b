import { usersEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import type { AccountsServices } from './accounts.services.js';
import { toStaffView, toUserView } from './user-view.js';

export function usersRoutes(s: AccountsServices) {
  return routesOf(usersEndpoints, {
    me: ({ auth }) => toUserView(auth.user),
    updateProfile: async ({ auth, body, meta }) => toUserView(await s.profile.updateProfile(auth, body, meta)),
    listStaff: async ({ query }) => (await s.staff.list(query.role)).map(toStaffView),
    createStaff: async ({ body }) => toStaffView(await s.staff.create(body)),
    updateStaff: async ({ auth, params, body }) => toStaffView(await s.staff.update(auth.user, params.id, body)),
    deactivateStaff: async ({ auth, params }) => toStaffView(await s.staff.deactivate(auth.user, params.id)),
  });
}
