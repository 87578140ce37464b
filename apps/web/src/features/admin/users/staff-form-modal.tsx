import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { createStaffBodySchema, formatPhone, roleTitles, type StaffUser, staffRoles, updateStaffBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { PhoneInput } from '@/components/phone-input';
import { useFormFields } from '@/lib/use-form-fields';
import { toast } from '@/lib/toasts';
import { useCreateStaff, useUpdateStaff } from './staff-api';
import { FormError } from '@/components/form-error';

export const staffRoleOptions = staffRoles.map((role) => ({ value: role, label: roleTitles[role] }));

type Props = { employee: StaffUser | null; opened: boolean; onClose: () => void };

/** Creates an employee (employee = null) or edits one; what was typed survives a server error. */
export function StaffFormModal({ employee, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={employee ? 'Изменить сотрудника' : 'Новый сотрудник'} size="lg" centered>
      {opened && <StaffForm key={employee?.id ?? 'new'} employee={employee} onDone={onClose} />}
    </Modal>
  );
}

function StaffForm({ employee, onDone }: { employee: StaffUser | null; onDone: () => void }) {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const { values, set, errors, text, formError, validate, showServerError } = useFormFields({
    phone: employee ? formatPhone(employee.phone) : '',
    name: employee?.name ?? '',
    surname: employee?.surname ?? '',
    role: (employee?.role ?? 'storekeeper') as string,
    password: '',
  });
  const [isActive, setActive] = useState(employee?.isActive ?? true);
  const isSaving = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = employee
      ? {
          name: values.name,
          surname: values.surname,
          role: values.role,
          isActive,
          ...(values.password ? { password: values.password } : {}),
        }
      : { phone: values.phone, name: values.name, surname: values.surname, role: values.role, password: values.password };
    if (!validate(employee ? updateStaffBodySchema : createStaffBodySchema, body)) return;
    try {
      if (employee) await update.mutateAsync({ id: employee.id, body: body as Parameters<typeof update.mutateAsync>[0]['body'] });
      else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast.success(employee ? 'Сотрудник сохранён' : 'Сотрудник добавлен');
      onDone();
    } catch (error) {
      showServerError(error, ['isActive']);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <FormError message={formError} />
        <PhoneInput
          label="Телефон"
          value={values.phone}
          onChange={(phone) => set('phone', phone)}
          error={errors.phone}
          disabled={Boolean(employee)}
          required={!employee}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Имя" required {...text('name')} />
          <TextInput label="Фамилия" required {...text('surname')} />
        </SimpleGrid>
        <Select
          label="Роль"
          data={staffRoleOptions}
          value={values.role}
          onChange={(role) => role && set('role', role)}
          error={errors.role}
          allowDeselect={false}
          required
        />
        <PasswordInput
          label={employee ? 'Новый пароль' : 'Пароль'}
          description={
            employee
              ? 'Оставьте пустым, чтобы не менять. При смене сотрудник выйдет со всех устройств'
              : 'Не короче 8 символов; сообщите его сотруднику'
          }
          {...text('password')}
          autoComplete="new-password"
          required={!employee}
        />
        {employee && (
          <Switch
            label="Учётная запись активна"
            checked={isActive}
            onChange={(e) => setActive(e.currentTarget.checked)}
            error={errors.isActive}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={isSaving}>
            {employee ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
