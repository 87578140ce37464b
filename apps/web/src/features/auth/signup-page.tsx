import { Alert, Anchor, Button, Checkbox, PasswordInput, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { signupBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PhoneInput } from '@/components/phone-input';
import { routes } from '@/config/routes';
import { signUp } from '@/lib/auth-actions';
import { useFormFields } from '@/lib/use-form-fields';
import { AuthCard } from './auth-card';
import { passwordStrength } from './password-strength';
import { FormError } from '@/components/form-error';

/** Registration of a client; `?ref=` of a referral link is sent as the referer. */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const referer = searchParams.get('ref')?.trim() ?? '';
  const { values, set, errors, text, formError, validate, showServerError } = useFormFields({
    phone: '',
    name: '',
    surname: '',
    email: '',
    password: '',
  });
  const [acceptPolicy, setAcceptPolicy] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const strength = passwordStrength(values.password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, email: values.email || undefined, referer: referer || undefined, acceptPolicy };
    if (!validate(signupBodySchema, body)) return;
    setSubmitting(true);
    try {
      await signUp({ ...body, acceptPolicy: true });
    } catch (error) {
      showServerError(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Регистрация" subtitle="Создайте личный кабинет, чтобы оплачивать заказы и получать кешбэк">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <FormError message={formError} />
          {referer && (
            <Alert color="indigo" variant="light">
              Вы регистрируетесь по приглашению друга.
            </Alert>
          )}
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
            <Anchor component={Link} to={routes.Signin.path}>
              Войдите
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
