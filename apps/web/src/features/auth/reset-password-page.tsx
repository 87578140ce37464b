import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { routes } from '@/config/routes';
import { api } from '@/lib/api-client';
import { useFormFields } from '@/lib/use-form-fields';
import { FormError } from '@/components/form-error';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { AuthCard } from './auth-card';
import { passwordStrength } from './password-strength';

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { values, setErrors, text, formError, validate, showServerError } = useFormFields({ password: '', repeat: '' });
  const [isSubmitting, setSubmitting] = useState(false);
  const strength = passwordStrength(values.password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id, password: values.password };
    if (!validate(resetPasswordBodySchema, body)) return;
    if (values.password !== values.repeat) {
      setErrors({ repeat: 'Пароли не совпадают' });
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/auth/reset-password', body);
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
      void navigate(routes.Signin.path);
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Сброс пароля" subtitle="Придумайте новый пароль для входа в личный кабинет">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormError message={formError}>
            {' '}
            <Anchor component={Link} to={routes.ForgotPassword.path} inherit>
              Запросить новую ссылку
            </Anchor>
          </FormError>
          <PasswordInput label="Новый пароль" autoComplete="new-password" {...text('password')} required />
          {values.password && (
            <Text size="xs" c="dimmed" data-testid="password-strength">
              {strength.label}
            </Text>
          )}
          <PasswordInput label="Повторите пароль" autoComplete="new-password" {...text('repeat')} required />
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Сохранить пароль
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
