import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { type ResetPasswordBody, resetPasswordBodySchema } from '@vmeste/contract';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useResetPassword } from '../api/reset-password';
import { passwordStrength } from './password-strength';

/** A new password by the single-use link `id` from the SMS; then the user signs in with it. */
export function ResetPasswordForm({ id }: { id: string }) {
  const navigate = useNavigate();
  const form = useFormFields({ password: '', repeat: '' });
  const resetPassword = useResetPassword();
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: resetPasswordBodySchema,
    refine: () => (form.values.password === form.values.repeat ? null : { repeat: 'Пароли не совпадают' }),
    send: (body: ResetPasswordBody) => resetPassword.mutateAsync({ body }),
    onSuccess: () => {
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
      void navigate(routes.Signin.path);
    },
  });
  const strength = passwordStrength(form.values.password);

  return (
    <form onSubmit={(event) => void submit({ id, password: form.values.password }, event)} noValidate>
      <Stack gap="md">
        <FormError message={form.formError}>
          {' '}
          <Anchor component={Link} to={routes.ForgotPassword.path} inherit>
            Запросить новую ссылку
          </Anchor>
        </FormError>
        <PasswordInput label="Новый пароль" autoComplete="new-password" {...form.text('password')} required />
        {form.values.password && (
          <Text size="xs" c="dimmed" data-testid="password-strength">
            {strength.label}
          </Text>
        )}
        <PasswordInput label="Повторите пароль" autoComplete="new-password" {...form.text('repeat')} required />
        <Button type="submit" loading={isSubmitting} fullWidth size="md">
          Сохранить пароль
        </Button>
      </Stack>
    </form>
  );
}
