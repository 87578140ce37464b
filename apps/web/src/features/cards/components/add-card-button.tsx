import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CardFormModal } from './card-form-modal';

export function AddCardButton() {
  const [isFormOpen, setFormOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} />} onClick={() => setFormOpen(true)}>
        Добавить карту
      </Button>
      <CardFormModal card={null} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
