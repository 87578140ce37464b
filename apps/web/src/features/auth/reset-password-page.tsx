import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { routes } from '@/config/routes';
import { api } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/lib/form-errors';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { AuthCard } from './auth-card';
import { passwordStrength } from './password-strength';

export function ResetPasswordPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const strength = passwordStrength(password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordBodySchema.safeParse({ id, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    if (password !== repeat) {
      setErrors({ repeat: 'Пароли не совпадают' });
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await api.post('/auth/reset-password', { id, password });
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
      void navigate(routes.Signin.path);
    } catch (error) {
      const { field, message } = serverErrorOf(error);
      if (field === 'password') setErrors({ password: message });
      else setFormError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Сброс пароля" subtitle="Придумайте новый пароль для входа в личный кабинет">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}{' '}
              <Anchor component={Link} to={routes.ForgotPassword.path} inherit>
                Запросить новую ссылку
              </Anchor>
            </Alert>
          )}
          <PasswordInput label="Новый пароль" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} required />
          {password && (
            <Text size="xs" c="dimmed" data-testid="password-strength">
              {strength.label}
            </Text>
          )}
          <PasswordInput label="Повторите пароль" name="repeat" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={errors.repeat} required />
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Сохранить пароль
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
