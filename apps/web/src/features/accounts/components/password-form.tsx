import { Button, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type UpdateProfileBody, updateProfileBodySchema } from '@vmeste/contract';
import { FormError } from '@/components/form-error';
import { PASSWORD_CHANGED_DURATION_MS, PASSWORD_CHANGED_MESSAGE, toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useUpdateProfile } from '../api/update-profile';

const emptyPasswords = { currentPassword: '', newPassword: '', repeat: '' };

/** A new password with the current one; the server ends the account's other sessions. */
export function PasswordForm() {
  const form = useFormFields(emptyPasswords);
  const updateProfile = useUpdateProfile();
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: updateProfileBodySchema,
    refine: () => (form.values.newPassword === form.values.repeat ? null : { repeat: 'Пароли не совпадают' }),
    send: (body: UpdateProfileBody) => updateProfile.mutateAsync({ body }),
    onSuccess: () => {
      form.setValues(emptyPasswords);
      toast.success(PASSWORD_CHANGED_MESSAGE, PASSWORD_CHANGED_DURATION_MS);
    },
  });
  const body = { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword };

  return (
    <form onSubmit={(event) => void submit(body, event)} noValidate aria-label="Смена пароля">
      <Stack gap="md">
        <FormError message={form.formError} />
        <PasswordInput label="Текущий пароль" autoComplete="current-password" {...form.text('currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            label="Новый пароль"
            autoComplete="new-password"
            description="Не короче 8 символов"
            {...form.text('newPassword')}
          />
          <PasswordInput label="Повторите новый пароль" autoComplete="new-password" {...form.text('repeat')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          После смены пароля все другие устройства выйдут из личного кабинета.
        </Text>
        <Group>
          <Button type="submit" loading={isSubmitting} variant="light">
            Сменить пароль
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
