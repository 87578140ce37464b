import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { FORGOT_PASSWORD_MESSAGE } from '@vmeste/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useForgotPassword } from '../api/forgot-password';
import { AccountPhoneField } from './account-phone-field';
import { lazyAccountSchema } from './lazy-account-schema';

const forgotPasswordSchema = lazyAccountSchema('forgotPasswordBodySchema');

/** Asks for a reset link by SMS; the answer reads the same for any phone, so nobody learns who is registered. */
export function ForgotPasswordForm() {
  const form = useFormFields({ phone: '' });
  const [isSent, setSent] = useState(false);
  const forgotPassword = useForgotPassword();
  const { submit, isSubmitting, prepare } = useFormSubmit(form, {
    schema: forgotPasswordSchema,
    send: (body: typeof form.values) => forgotPassword.mutateAsync({ body }),
    onSuccess: () => setSent(true),
  });

  return (
    <>
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
        <form onSubmit={(event) => void submit(form.values, event)} onFocus={prepare} noValidate>
          <Stack gap="md">
            <FormError message={form.formError} />
            <AccountPhoneField value={form.values.phone} onChange={(phone) => form.set('phone', phone)} error={form.errors.phone} />
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
    </>
  );
}
