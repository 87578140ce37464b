import { z } from 'zod';
import {
  activationConfirmBodySchema,
  activationSendResponseSchema,
  forgotPasswordBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
} from './accounts.js';
import { authResponseSchema, signinBodySchema, signupBodySchema } from './auth.js';
import { endpoint } from './endpoint.js';
import { userSchema } from './users.js';

/** Everything under /auth: signing in and out, password recovery, account activation. */
export const authEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/auth/signin',
    tag: 'auth',
    summary: 'Вход по телефону и паролю',
    access: 'public',
    body: signinBodySchema,
    response: authResponseSchema,
    errors: [403, 429],
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/auth/signup',
    tag: 'auth',
    summary: 'Регистрация клиента',
    access: 'public',
    body: signupBodySchema,
    response: authResponseSchema,
    errors: [409, 429],
  }),
  logout: endpoint({
    method: 'DELETE',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'Выход: сессия отзывается',
    access: 'session',
    response: z.object({ ok: z.literal(true) }),
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    tag: 'auth',
    summary: 'Ссылка для сброса пароля по SMS; ответ одинаков для любого телефона',
    access: 'public',
    body: forgotPasswordBodySchema,
    response: okResponseSchema,
    errors: [429],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    tag: 'auth',
    summary: 'Новый пароль по ссылке; все сессии пользователя завершаются',
    access: 'public',
    body: resetPasswordBodySchema,
    response: okResponseSchema,
  }),
  sendActivationCode: endpoint({
    method: 'POST',
    path: '/auth/activation/send',
    tag: 'auth',
    summary: 'Код подтверждения аккаунта на телефон (повторно — через 60 секунд)',
    access: ['client'],
    response: activationSendResponseSchema,
    errors: [409, 429, 503],
  }),
  confirmActivation: endpoint({
    method: 'POST',
    path: '/auth/activation/confirm',
    tag: 'auth',
    summary: 'Подтверждение аккаунта кодом из SMS',
    access: ['client'],
    body: activationConfirmBodySchema,
    response: userSchema,
    errors: [409, 429],
  }),
};
