import { z } from 'zod';
import { newPasswordField, phoneField } from './auth.js';
import { ACTIVATION_CODE_LENGTH, PASSWORD_MAX_LENGTH } from './account-rules.js';
import { assignableStaffRoles, roleTitles, staffRoles } from './roles.js';
import { userSchema } from './users.js';

export const okResponseSchema = z.object({ ok: z.literal(true), message: z.string().optional() });

export const forgotPasswordBodySchema = z.object({ phone: phoneField });

const resetLinkIdField = z
  .string({ error: 'Ссылка для сброса пароля недействительна' })
  .trim()
  .min(1, 'Ссылка для сброса пароля недействительна')
  .max(200, 'Ссылка для сброса пароля недействительна');

export const resetPasswordBodySchema = z.object({
  id: resetLinkIdField,
  password: newPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The id of a reset link (`/reset-password/:id`), checked when the page opens. */
export const resetLinkParamsSchema = z.object({ id: resetLinkIdField });

/** Whether a reset link still works: unused, within its hour. A dead link is an answer, not an error. */
export const resetLinkStatusSchema = z.object({ isLive: z.boolean() });

export const activationSendResponseSchema = z.object({
  ok: z.literal(true),
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
});

/** Where the activation of the current client stands, so the page opens in the right state. */
export const activationStatusResponseSchema = z.object({
  /** A code was sent and can still be typed in (not expired, attempts left). */
  isCodeSent: z.boolean(),
  /** Seconds until another code may be requested; 0 — at once. */
  resendAfterSeconds: z.number().int().min(0),
});
export type ActivationStatus = z.infer<typeof activationStatusResponseSchema>;

export const activationConfirmBodySchema = z.object({
  code: z
    .string({ error: 'Введите код из СМС' })
    .trim()
    .regex(new RegExp(`^\\d{${ACTIVATION_CODE_LENGTH}}$`), `Код состоит из ${ACTIVATION_CODE_LENGTH} цифр`),
});
export type ActivationConfirmBody = z.input<typeof activationConfirmBodySchema>;

const nameField = (label: string) =>
  z
    .string({ error: `Укажите ${label}` })
    .trim()
    .min(1, `Укажите ${label}`)
    .max(100, `Слишком длинное значение поля «${label}»: не больше 100 символов`);

const optionalEmail = z
  .string({ error: 'Электронная почта указана неверно' })
  .trim()
  .max(254, 'Электронная почта указана неверно')
  .transform((value) => (value ? value.toLowerCase() : null))
  .pipe(z.email({ error: 'Электронная почта указана неверно' }).nullable())
  .nullable();

export const updateProfileBodySchema = z
  .object({
    name: nameField('имя').optional(),
    surname: nameField('фамилию').optional(),
    /** An empty string or null clears the e-mail. */
    email: optionalEmail.optional(),
    currentPassword: z.string({ error: 'Укажите текущий пароль' }).max(PASSWORD_MAX_LENGTH, 'Текущий пароль указан неверно').optional(),
    newPassword: newPasswordField.optional(),
  })
  .refine((body) => !body.newPassword || body.currentPassword, { message: 'Укажите текущий пароль', path: ['currentPassword'] });
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

export const staffUserSchema = userSchema.extend({ isActive: z.boolean() });
export type StaffUser = z.infer<typeof staffUserSchema>;

const staffRoleField = z.enum(staffRoles, {
  error: 'Выберите роль сотрудника: организатор, логист, товаровед, кладовщик или администратор',
});

const assignableRolesText = assignableStaffRoles.map((role) => roleTitles[role].toLowerCase());
/** «организатор, логист, товаровед или кладовщик»: the roles an admin may choose, in the order offered. */
export const ASSIGNABLE_STAFF_ROLES_TEXT = `${assignableRolesText.slice(0, -1).join(', ')} или ${assignableRolesText.at(-1)}`;

/** A role given to an employee: never admin (admins come from the shop's setup, not from this form). */
const assignableStaffRoleField = z.enum(assignableStaffRoles, {
  error: (issue) =>
    issue.input === 'admin'
      ? `Роль администратора здесь не назначается. Выберите: ${ASSIGNABLE_STAFF_ROLES_TEXT}`
      : `Выберите роль сотрудника: ${ASSIGNABLE_STAFF_ROLES_TEXT}`,
});

export const staffListQuerySchema = z.object({ role: staffRoleField.optional() });

export const createStaffBodySchema = z.object({
  phone: phoneField,
  name: nameField('имя'),
  surname: nameField('фамилию'),
  role: assignableStaffRoleField,
  password: newPasswordField,
});

export const updateStaffBodySchema = z.object({
  name: nameField('имя').optional(),
  surname: nameField('фамилию').optional(),
  /** Sent only to change the role; an admin's own role is not sent back. */
  role: assignableStaffRoleField.optional(),
  /** A new password set by the admin; the employee's sessions end. */
  password: newPasswordField.optional(),
  isActive: z.boolean({ error: 'Признак активности должен быть true или false' }).optional(),
});

export const userIdParamsSchema = z.object({ id: z.uuid({ error: 'Пользователь не найден' }) });
