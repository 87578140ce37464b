import { Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { createStaffBodySchema, formatPhone, type StaffUser, updateStaffBodySchema } from '@vmeste/contract';
import { useState } from 'react';
import { FormError } from '@/components/form-error';
import { PhoneInput } from '@/components/phone-input';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { type CreateStaffInput, useCreateStaff } from '../api/create-staff';
import { type UpdateStaffInput, useUpdateStaff } from '../api/update-staff';
import { FormFooter } from '@/components/form-footer';
import { assignableRoleOptions } from './staff-role-options';

type Props = { employee: StaffUser | null; opened: boolean; onClose: () => void };

/** Creates an employee (employee = null) or edits one; what was typed survives a server error. */
export function StaffFormModal({ employee, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={employee ? 'Изменить сотрудника' : 'Новый сотрудник'} size="lg" centered>
      {opened && <StaffForm key={employee?.id ?? 'new'} employee={employee} onDone={onClose} />}
    </Modal>
  );
}

type StaffBody = CreateStaffInput['body'] | UpdateStaffInput['body'];

function StaffForm({ employee, onDone }: { employee: StaffUser | null; onDone: () => void }) {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const form = useFormFields({
    phone: employee ? formatPhone(employee.phone) : '',
    name: employee?.name ?? '',
    surname: employee?.surname ?? '',
    role: (employee?.role ?? 'storekeeper') as string,
    password: '',
  });
  const [isActive, setActive] = useState(employee?.isActive ?? true);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: employee ? updateStaffBodySchema : createStaffBodySchema,
    // The schema has checked the body against the variant this form sends.
    send: (body: StaffBody) =>
      employee
        ? update.mutateAsync({ params: { id: employee.id }, body: body as UpdateStaffInput['body'] })
        : create.mutateAsync({ body: body as CreateStaffInput['body'] }),
    onSuccess: () => {
      toast.success(employee ? 'Сотрудник сохранён' : 'Сотрудник добавлен');
      onDone();
    },
    extraFields: ['isActive'],
  });
  const { values, errors, text } = form;
  // The role goes only when it changes: the server gives no one the admin role, an admin's own included.
  const body = employee
    ? {
        name: values.name,
        surname: values.surname,
        isActive,
        ...(values.role !== employee.role ? { role: values.role } : {}),
        ...(values.password ? { password: values.password } : {}),
      }
    : { phone: values.phone, name: values.name, surname: values.surname, role: values.role, password: values.password };

  return (
    <form onSubmit={(event) => void submit(body as StaffBody, event)} noValidate>
      <Stack gap="md">
        <FormError message={form.formError} />
        <PhoneInput
          label="Телефон"
          value={values.phone}
          onChange={(phone) => form.set('phone', phone)}
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
          data={assignableRoleOptions(employee?.role ?? null)}
          value={values.role}
          onChange={(role) => role && form.set('role', role)}
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
        <FormFooter onCancel={onDone} isSubmitting={isSubmitting} submitLabel={employee ? 'Сохранить' : 'Добавить'} />
      </Stack>
    </form>
  );
}
