import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { formatPhone, type UpdateProfileBody, updateProfileBodySchema, type User } from '@vmeste/contract';
import { FormError } from '@/components/form-error';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUpdateProfile } from '../api/update-profile';

/** Name, surname and e-mail of the signed-in account; the phone is the login and stays as it is. */
export function ProfileForm({ user }: { user: User }) {
  const form = useFormFields({ name: user.name, surname: user.surname, email: user.email ?? '' });
  const updateProfile = useUpdateProfile();
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: updateProfileBodySchema,
    send: (body: UpdateProfileBody) => updateProfile.mutateAsync({ body }),
    onSuccess: () => toast.success('Профиль сохранён'),
  });

  return (
    <form onSubmit={(event) => void submit(form.values, event)} noValidate aria-label="Личные данные">
      <Stack gap="md">
        <FormError message={form.formError} />
        <TextInput
          label="Телефон"
          value={formatPhone(user.phone)}
          readOnly
          disabled
          description="Телефон — это логин; его нельзя изменить"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Имя" autoComplete="given-name" required {...form.text('name')} />
          <TextInput label="Фамилия" autoComplete="family-name" required {...form.text('surname')} />
        </SimpleGrid>
        <TextInput label="Электронная почта" type="email" autoComplete="email" {...form.text('email')} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Сохранить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
