import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type ForgotPasswordBody, forgotPasswordBodySchema, FORGOT_PASSWORD_MESSAGE } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { routes } from '@/config/routes';
import { api } from '@/lib/api-client';
import { useFormFields } from '@/lib/use-form-fields';
import { AuthCard } from './auth-card';
import { FormError } from '@/components/form-error';

export function ForgotPasswordPage() {
  const { values, set, errors, formError, validate, showServerError } = useFormFields({ phone: '' });
  const [isSent, setSent] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: ForgotPasswordBody = values;
    if (!validate(forgotPasswordBodySchema, body)) return;
    setSubmitting(true);
    try {
      await api.post('/auth/forgot-password', body);
      setSent(true);
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Восстановление пароля"
      subtitle="Укажите телефон, на который зарегистрирован личный кабинет — мы пришлём ссылку для сброса пароля"
    >
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
