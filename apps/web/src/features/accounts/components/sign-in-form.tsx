import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { FieldsAfterHydration } from '@/components/fields-after-hydration';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { keepReturn } from '@/lib/access';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSignIn } from '../api/sign-in';
import { AccountPhoneField } from './account-phone-field';
import { lazyAccountSchema } from './lazy-account-schema';

const signInSchema = lazyAccountSchema('signinBodySchema');

/** Sign-in by phone and password; on success the guest guard sends the user back to the page asked for, or home. */
export function SignInForm() {
  // The page a guest asked for (`?next=`) goes along to the other form, so either one returns to it.
  const location = useLocation();
  const form = useFormFields({ phone: '', password: '' });
  const signIn = useSignIn();
  const { submit, isSubmitting, prepare } = useFormSubmit(form, {
    schema: signInSchema,
    send: (body: typeof form.values) => signIn.mutateAsync({ body }),
  });

  return (
    <form onSubmit={(event) => void submit(form.values, event)} onFocus={prepare} noValidate>
      <FieldsAfterHydration>
        <Stack gap="md">
          <FormError message={form.formError} />
          <AccountPhoneField value={form.values.phone} onChange={(phone) => form.set('phone', phone)} error={form.errors.phone} />
          <PasswordInput label="Пароль" autoComplete="current-password" {...form.text('password')} required />
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
            <Anchor component={Link} to={{ pathname: routes.Signup.path, search: keepReturn(location.search) }}>
              Зарегистрируйтесь
            </Anchor>
          </Text>
        </Stack>
      </FieldsAfterHydration>
    </form>
  );
}
