import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatPhone, type UpdateProfileBody, updateProfileBodySchema, type User } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { api } from '@/lib/api-client';
import { reloadCurrentUser } from '@/lib/auth-actions';
import { useFormFields } from '@/lib/use-form-fields';
import { useSession } from '@/lib/session';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { ReferralLinkCard } from './referral-link-card';
import { FormError } from '@/components/form-error';

async function updateProfile(body: UpdateProfileBody): Promise<void> {
  await api.patch<User>('/users/update', body);
  // The specification reloads the current user after an update rather than trusting the answer.
  await reloadCurrentUser();
}

function ProfileForm({ user }: { user: User }) {
  const { values, text, formError, validate, showServerError } = useFormFields({
    name: user.name,
    surname: user.surname,
    email: user.email ?? '',
  });
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate(updateProfileBodySchema, values)) return;
    setSaving(true);
    try {
      await updateProfile(values);
      toast.success('Профиль сохранён');
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Личные данные">
      <Stack gap="md">
        <FormError message={formError} />
        <TextInput
          label="Телефон"
          value={formatPhone(user.phone)}
          readOnly
          disabled
          description="Телефон — это логин; его нельзя изменить"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Имя" autoComplete="given-name" required {...text('name')} />
          <TextInput label="Фамилия" autoComplete="family-name" required {...text('surname')} />
        </SimpleGrid>
        <TextInput label="Электронная почта" type="email" autoComplete="email" {...text('email')} />
        <Group>
          <Button type="submit" loading={isSaving}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const { values, setValues, setErrors, text, formError, validate, showServerError } = useFormFields({
    currentPassword: '',
    newPassword: '',
    repeat: '',
  });
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    if (!validate(updateProfileBodySchema, body)) return;
    if (values.newPassword !== values.repeat) {
      setErrors({ repeat: 'Пароли не совпадают' });
      return;
    }
    setSaving(true);
    try {
      await updateProfile(body);
      setValues({ currentPassword: '', newPassword: '', repeat: '' });
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Смена пароля">
      <Stack gap="md">
        <FormError message={formError} />
        <PasswordInput label="Текущий пароль" autoComplete="current-password" {...text('currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label="Новый пароль" autoComplete="new-password" description="Не короче 8 символов" {...text('newPassword')} />
          <PasswordInput label="Повторите новый пароль" autoComplete="new-password" {...text('repeat')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          После смены пароля все другие устройства выйдут из личного кабинета.
        </Text>
        <Group>
          <Button type="submit" loading={isSaving} variant="light">
            Сменить пароль
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PersonalProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>Профиль</Title>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Личные данные
        </Title>
        <ProfileForm key={user.id} user={user} />
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="md">
          Пароль
        </Title>
        <PasswordForm />
      </Card>
      <ReferralLinkCard referralCode={user.referralCode} />
    </Stack>
  );
}
