import { Alert, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type ResetPasswordBody } from '@vmeste/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { isApiError } from '@/lib/api-client';
import { serverErrorOf } from '@/lib/form-errors';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useResetLinkCheck } from '../api/check-reset-link';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { passwordStrength } from './password-strength';
import { lazyAccountSchema } from './lazy-account-schema';

const resetPasswordSchema = lazyAccountSchema('resetPasswordBodySchema');

const TITLE = 'Сброс пароля';

/**
 * The page of the single-use link `id` from the SMS: the link is checked as the page opens, so a dead
 * one is said at once (with the way to a new one) instead of after the password is typed twice.
 */
export function ResetPasswordCard({ id }: { id: string }) {
  const check = useResetLinkCheck(id);
  // The link can also die while the page is open (used in another tab, or the hour ran out).
  const [isDeadOnSubmit, setDeadOnSubmit] = useState(false);

  if (check.isPending) {
    return (
      <AuthCard title={TITLE} subtitle="Проверяем ссылку…">
        <Center>
          <Loader size="sm" role="status" aria-label="Проверяем ссылку" />
        </Center>
      </AuthCard>
    );
  }
  if (isDeadOnSubmit || check.data?.isLive === false) return <DeadLink />;
  if (check.isError) {
    return (
      <AuthCard title={TITLE}>
        <Stack gap="md">
          <FormError message={serverErrorOf(check.error).message} />
          <Button variant="default" onClick={() => void check.refetch()} loading={check.isFetching}>
            Проверить ссылку ещё раз
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={TITLE} subtitle="Придумайте новый пароль для входа в личный кабинет">
      <ResetPasswordForm id={id} onDeadLink={() => setDeadOnSubmit(true)} />
    </AuthCard>
  );
}

function DeadLink() {
  return (
    <AuthCard title={TITLE}>
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" data-testid="dead-reset-link">
          Ссылка для сброса пароля недействительна или устарела: она действует 1 час и только один раз.
        </Alert>
        <Button component={Link} to={routes.ForgotPassword.path} fullWidth size="md">
          Запросить новую ссылку
        </Button>
      </Stack>
    </AuthCard>
  );
}

/** A new password by the link; then the user signs in with it. */
function ResetPasswordForm({ id, onDeadLink }: { id: string; onDeadLink: () => void }) {
  const navigate = useNavigate();
  const form = useFormFields({ password: '', repeat: '' });
  const resetPassword = useResetPassword();
  const { submit, isSubmitting, prepare } = useFormSubmit(form, {
    schema: resetPasswordSchema,
    refine: () => (form.values.password === form.values.repeat ? null : { repeat: 'Пароли не совпадают' }),
    send: (body: ResetPasswordBody) => resetPassword.mutateAsync({ body }),
    onSuccess: () => {
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
      void navigate(routes.Signin.path);
    },
    onError: (error) => {
      if (isApiError(error) && error.field === 'id') onDeadLink();
    },
  });
  const strength = passwordStrength(form.values.password);

  return (
    <form onSubmit={(event) => void submit({ id, password: form.values.password }, event)} onFocus={prepare} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
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
