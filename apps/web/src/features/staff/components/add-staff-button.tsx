import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { StaffFormModal } from './staff-form-modal';

export function AddStaffButton() {
  const [isFormOpen, setFormOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={18} />} onClick={() => setFormOpen(true)}>
        Добавить сотрудника
      </Button>
      <StaffFormModal employee={null} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
