import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatPhone, type UpdateProfileBody, updateProfileBodySchema, type User } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { api } from '@/lib/api-client';
import { reloadCurrentUser } from '@/lib/auth-actions';
import { fieldErrorsOf, serverErrorOf } from '@/lib/form-errors';
import { useFormFields } from '@/lib/use-form-fields';
import { useSession } from '@/lib/session';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { ReferralLinkCard } from './referral-link-card';

async function updateProfile(body: UpdateProfileBody): Promise<void> {
  await api.patch<User>('/users/update', body);
  // The specification reloads the current user after an update rather than trusting the answer.
  await reloadCurrentUser();
}

function ProfileForm({ user }: { user: User }) {
  const { values, setErrors, text } = useFormFields({ name: user.name, surname: user.surname, email: user.email ?? '' });
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = { name: values.name, surname: values.surname, email: values.email };
    const parsed = updateProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await updateProfile(body);
      toast.success('Профиль сохранён');
    } catch (error) {
      const { field, message } = serverErrorOf(error);
      if (field && field in values) setErrors({ [field]: message });
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Личные данные">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Телефон" value={formatPhone(user.phone)} readOnly disabled description="Телефон — это логин; его нельзя изменить" />
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
  const { values, setValues, setErrors, text } = useFormFields({ currentPassword: '', newPassword: '', repeat: '' });
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const parsed = updateProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    if (values.newPassword !== values.repeat) {
      setErrors({ repeat: 'Пароли не совпадают' });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await updateProfile(body);
      setValues({ currentPassword: '', newPassword: '', repeat: '' });
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
    } catch (error) {
      const { field, message } = serverErrorOf(error);
      setErrors({ [field && field in values ? field : 'currentPassword']: message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Смена пароля">
      <Stack gap="md">
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
