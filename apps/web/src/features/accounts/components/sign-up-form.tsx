import { Alert, Anchor, Button, Checkbox, PasswordInput, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError } from '@/components/form-error';
import { routes } from '@/config/routes';
import { keepReturn } from '@/lib/access';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { type SignUpInput, useSignUp } from '../api/sign-up';
import { passwordStrength } from './password-strength';
import { AccountPhoneField } from './account-phone-field';
import { lazyAccountSchema } from './lazy-account-schema';

const signUpSchema = lazyAccountSchema('signupBodySchema');

/** Registration of a client; `referer` is the code of the referral link the visitor came by. */
export function SignUpForm({ referer }: { referer: string }) {
  // The page a guest asked for (`?next=`) goes along to the other form, so either one returns to it.
  const location = useLocation();
  const form = useFormFields({ phone: '', name: '', surname: '', email: '', password: '' });
  const [acceptPolicy, setAcceptPolicy] = useState(false);
  const signUp = useSignUp();
  const { submit, isSubmitting, prepare } = useFormSubmit(form, {
    schema: signUpSchema,
    // The schema has let only a ticked consent through.
    send: (body: Omit<SignUpInput['body'], 'acceptPolicy'>) => signUp.mutateAsync({ body: { ...body, acceptPolicy: true } }),
  });
  const { values, errors, text } = form;
  const strength = passwordStrength(values.password);
  const body = { ...values, email: values.email || undefined, referer: referer || undefined, acceptPolicy };

  return (
    <form onSubmit={(event) => void submit(body, event)} onFocus={prepare} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
        {referer && (
          <Alert color="indigo" variant="light">
            Вы регистрируетесь по приглашению друга.
          </Alert>
        )}
        <AccountPhoneField value={values.phone} onChange={(phone) => form.set('phone', phone)} error={errors.phone} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Имя" autoComplete="given-name" required {...text('name')} />
          <TextInput label="Фамилия" autoComplete="family-name" required {...text('surname')} />
        </SimpleGrid>
        <TextInput
          label="Электронная почта"
          type="email"
          autoComplete="email"
          description="Необязательно: для чеков и уведомлений"
          {...text('email')}
        />
        <Stack gap={6}>
          <PasswordInput label="Пароль" autoComplete="new-password" required {...text('password')} />
          {values.password && (
            <>
              <Progress value={(strength.score / 3) * 100} color={strength.color} size="sm" aria-label="Надёжность пароля" />
              <Text size="xs" c="dimmed" data-testid="password-strength">
                {strength.label}
              </Text>
            </>
          )}
        </Stack>
        <Checkbox
          name="acceptPolicy"
          checked={acceptPolicy}
          onChange={(e) => setAcceptPolicy(e.currentTarget.checked)}
          error={errors.acceptPolicy}
          label={
            <>
              Я даю{' '}
              <Anchor href={routes.AcceptPolicy.path} target="_blank" rel="noopener" inherit>
                согласие на обработку персональных данных
              </Anchor>{' '}
              и принимаю{' '}
              <Anchor href={routes.Policy.path} target="_blank" rel="noopener" inherit>
                политику конфиденциальности
              </Anchor>
            </>
          }
        />
        <Button type="submit" loading={isSubmitting} fullWidth size="md">
          Зарегистрироваться
        </Button>
        <Text size="sm" ta="center">
          Уже есть аккаунт?{' '}
          <Anchor component={Link} to={{ pathname: routes.Signin.path, search: keepReturn(location.search) }}>
            Войдите
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
