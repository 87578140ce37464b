import { Alert, Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { createStaffBodySchema, formatPhone, roleTitles, type StaffUser, staffRoles, updateStaffBodySchema } from '@vmeste/contract';
import { type FormEvent, useState } from 'react';
import { PhoneInput } from '@/components/phone-input';
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '@/lib/form-errors';
import { toast } from '@/lib/toasts';
import { useCreateStaff, useUpdateStaff } from './staff-api';

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
  const [values, setValues] = useState({
    phone: employee ? formatPhone(employee.phone) : '',
    name: employee?.name ?? '',
    surname: employee?.surname ?? '',
    role: employee?.role ?? 'storekeeper',
    password: '',
    isActive: employee?.isActive ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const isSaving = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const body = employee
      ? { name: values.name, surname: values.surname, role: values.role, isActive: values.isActive, ...(values.password ? { password: values.password } : {}) }
      : { phone: values.phone, name: values.name, surname: values.surname, role: values.role, password: values.password };
    const parsed = (employee ? updateStaffBodySchema : createStaffBodySchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      if (employee) await update.mutateAsync({ id: employee.id, body: body as Parameters<typeof update.mutateAsync>[0]['body'] });
      else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast.success(employee ? 'Сотрудник сохранён' : 'Сотрудник добавлен');
      onDone();
    } catch (error) {
      const { field, message } = serverErrorOf(error);
      if (field && field in values) setErrors({ [field]: message });
      else setFormError(message);
    }
  }

  const text = (key: 'name' | 'surname') => ({
    value: values[key],
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => setValues((v) => ({ ...v, [key]: e.currentTarget.value })),
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <PhoneInput
          label="Телефон"
          value={values.phone}
          onChange={(phone) => setValues((v) => ({ ...v, phone }))}
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
          onChange={(role) => role && setValues((v) => ({ ...v, role: role as typeof v.role }))}
          error={errors.role}
          allowDeselect={false}
          required
        />
        <PasswordInput
          label={employee ? 'Новый пароль' : 'Пароль'}
          description={employee ? 'Оставьте пустым, чтобы не менять. При смене сотрудник выйдет со всех устройств' : 'Не короче 8 символов; сообщите его сотруднику'}
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.currentTarget.value }))}
          error={errors.password}
          autoComplete="new-password"
          required={!employee}
        />
        {employee && (
          <Switch
            label="Учётная запись активна"
            checked={values.isActive}
            onChange={(e) => setValues((v) => ({ ...v, isActive: e.currentTarget.checked }))}
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
