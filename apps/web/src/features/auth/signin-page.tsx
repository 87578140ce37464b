import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { signinBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { routes } from '@/config/routes';
import { signIn } from '@/lib/auth-actions';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/lib/form-errors';
import { AuthCard } from './auth-card';

/** Sign-in by phone and password; on success the guest guard sends the user to their home. */
export function SigninPage() {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = signinBodySchema.safeParse({ phone, password });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await signIn({ phone, password });
    } catch (error) {
      const { field, message } = serverErrorOf(error);
      if (field === 'phone' || field === 'password') setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Вход" subtitle="Войдите по номеру телефона и паролю">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <PhoneInput label="Телефон" name="phone" autoComplete="tel" placeholder="+7 (___) ___-__-__" value={phone} onChange={setPhone} error={errors.phone} required />
          <PasswordInput
            label="Пароль"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.ForgotPassword.path} size="sm">
              Забыли пароль?
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth size="md">
            Войти
          </Button>
          <Text size="sm" ta="center">
            Нет аккаунта?{' '}
            <Anchor component={Link} to={routes.Signup.path}>
              Зарегистрируйтесь
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
