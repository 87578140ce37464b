import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type ForgotPasswordBody, forgotPasswordBodySchema, FORGOT_PASSWORD_MESSAGE } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { routes } from '@/config/routes';
import { api } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/lib/form-errors';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body: ForgotPasswordBody = { phone };
    const parsed = forgotPasswordBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await api.post('/auth/forgot-password', body);
      setSent(true);
    } catch (error) {
      setFormError(serverErrorOf(error).message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Восстановление пароля" subtitle="Укажите телефон, на который зарегистрирован личный кабинет — мы пришлём ссылку для сброса пароля">
      {isSent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {FORGOT_PASSWORD_MESSAGE}
          </Alert>
          <Button variant="default" onClick={() => setSent(false)}>
            Отправить ещё раз
          </Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <PhoneInput label="Телефон" name="phone" autoComplete="tel" placeholder="+7 (___) ___-__-__" value={phone} onChange={setPhone} error={errors.phone} required />
            <Button type="submit" loading={isSubmitting} fullWidth size="md">
              Получить ссылку
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        Вспомнили пароль?{' '}
        <Anchor component={Link} to={routes.Signin.path}>
          Войти
        </Anchor>
      </Text>
    </AuthCard>
  );
}
