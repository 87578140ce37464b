import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { formatPhone, roleTitles, type StaffRole, type StaffUser } from '@vmeste/contract';
import { IconPencil, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { BackOfficeTable } from '@/components/back-office-table';
import { actionsColumn, RowAction } from '@/components/row-actions';
import { confirm, escapeHtml } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useSession } from '@/lib/session';
import { useDeactivateStaff } from '../api/deactivate-staff';
import { useStaff } from '../api/get-staff';
import { StaffFormModal } from './staff-form-modal';
import { staffRoleFilterOptions } from './staff-role-options';

/** The employees with search, a role filter, editing and deactivation. */
export function StaffDirectory() {
  const { user: me } = useSession();
  const [role, setRole] = useState<StaffRole | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const staff = useStaff(role);
  const deactivate = useDeactivateStaff();

  const rows = useMemo(() => {
    const query = search.trim().toLowerCase();
    const digits = query.replace(/\D/g, '');
    return (staff.data ?? []).filter(
      (u) => !query || `${u.surname} ${u.name}`.toLowerCase().includes(query) || (digits.length > 0 && u.phone.includes(digits)),
    );
  }, [staff.data, search]);

  async function askDeactivate(employee: StaffUser) {
    const isConfirmed = await confirm({
      title: 'Отключить сотрудника?',
      messageHtml: `<b>${escapeHtml(employee.name)} ${escapeHtml(employee.surname)}</b> больше не сможет войти; все его сеансы завершатся. Данные сохранятся — учётную запись можно включить снова.`,
      confirmLabel: 'Отключить',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await runAction(() => deactivate.mutateAsync({ params: { id: employee.id } }), 'Сотрудник отключён');
  }

  return (
    <>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Поиск"
          placeholder="Фамилия, имя или телефон"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Роль"
          placeholder="Все роли"
          data={staffRoleFilterOptions}
          value={role}
          onChange={(value) => setRole(value as StaffRole | null)}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      <BackOfficeTable
        minHeight={180}
        fetching={staff.isFetching}
        records={rows}
        idAccessor="id"
        noRecordsText={search || role ? 'Никого не нашлось: измените поиск или фильтр' : 'Сотрудников пока нет: добавьте первого'}
        columns={[
          { accessor: 'surname', title: 'Сотрудник', render: (u) => <Text fw={500}>{`${u.surname} ${u.name}`}</Text> },
          { accessor: 'phone', title: 'Телефон', render: (u) => formatPhone(u.phone) },
          { accessor: 'role', title: 'Роль', render: (u) => roleTitles[u.role] },
          {
            accessor: 'isActive',
            title: 'Статус',
            render: (u) =>
              u.isActive ? (
                <Badge color="teal.9" variant="filled">
                  Активен
                </Badge>
              ) : (
                <Badge color="gray.7" variant="filled">
                  Отключён
                </Badge>
              ),
          },
          { accessor: 'createdAt', title: 'Добавлен', render: (u) => formatDate(u.createdAt) },
          actionsColumn((u: StaffUser) => (
            <>
              <RowAction
                title="Изменить"
                label={`Изменить: ${u.surname} ${u.name}`}
                icon={IconPencil}
                onClick={() => {
                  setEditing(u);
                  setFormOpen(true);
                }}
              />
              {u.isActive && u.id !== me?.id && (
                <RowAction
                  title="Отключить"
                  label={`Отключить: ${u.surname} ${u.name}`}
                  icon={IconUserOff}
                  color="red"
                  onClick={() => void askDeactivate(u)}
                />
              )}
            </>
          )),
        ]}
      />
      {/* The employee stays set while the dialog closes, so its title does not change during the animation. */}
      <StaffFormModal employee={editing} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
