import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { signinBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { routes } from '@/config/routes';
import { signIn } from '@/lib/auth-actions';
import { useFormFields } from '@/lib/use-form-fields';
import { AuthCard } from './auth-card';
import { FormError } from '@/components/form-error';

/** Sign-in by phone and password; on success the guest guard sends the user to their home. */
export function SigninPage() {
  const { values, set, errors, text, formError, validate, showServerError } = useFormFields({ phone: '', password: '' });
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate(signinBodySchema, values)) return;
    setSubmitting(true);
    try {
      await signIn(values);
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Вход" subtitle="Войдите по номеру телефона и паролю">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          <PhoneInput
            label="Телефон"
            name="phone"
            autoComplete="tel"
            placeholder="+7 (___) ___-__-__"
            value={values.phone}
            onChange={(phone) => set('phone', phone)}
            error={errors.phone}
            required
          />
          <PasswordInput label="Пароль" autoComplete="current-password" {...text('password')} required />
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
