import { z } from 'zod';
import {
  createStaffBodySchema,
  staffListQuerySchema,
  staffUserSchema,
  updateProfileBodySchema,
  updateStaffBodySchema,
  userIdParamsSchema,
} from './accounts.js';
import { endpoint } from './endpoint.js';
import { userSchema } from './users.js';

/** Everything under /users: the account's own profile and employees (admins only). */
export const usersEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/users/my',
    tag: 'users',
    summary: 'Текущий пользователь',
    access: 'session',
    response: userSchema,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/users/update',
    tag: 'users',
    summary: 'Изменение профиля и пароля (нужен текущий пароль; другие сессии завершаются)',
    access: 'session',
    body: updateProfileBodySchema,
    response: userSchema,
  }),
  listStaff: endpoint({
    method: 'GET',
    path: '/users',
    tag: 'staff',
    summary: 'Сотрудники (все роли, кроме клиентов). Только администратор',
    access: ['admin'],
    query: staffListQuerySchema,
    response: z.array(staffUserSchema),
  }),
  createStaff: endpoint({
    method: 'POST',
    path: '/users',
    tag: 'staff',
    summary: 'Новый сотрудник. Только администратор',
    access: ['admin'],
    body: createStaffBodySchema,
    response: staffUserSchema,
    status: 201,
    errors: [409],
  }),
  updateStaff: endpoint({
    method: 'PATCH',
    path: '/users/:id',
    tag: 'staff',
    summary: 'Изменение сотрудника: роль, имя, пароль, активность. Только администратор',
    access: ['admin'],
    params: userIdParamsSchema,
    body: updateStaffBodySchema,
    response: staffUserSchema,
    errors: [404, 409],
  }),
  deactivateStaff: endpoint({
    method: 'DELETE',
    path: '/users/:id',
    tag: 'staff',
    summary: 'Отключение сотрудника (мягкое удаление). Только администратор',
    access: ['admin'],
    params: userIdParamsSchema,
    response: staffUserSchema,
    errors: [404, 409],
  }),
};
