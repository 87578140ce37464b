import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PurchaseFormModal } from './purchase-form-modal';

export function NewPurchaseButton() {
  const [isFormOpen, setFormOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={18} />} onClick={() => setFormOpen(true)}>
        Новая закупка
      </Button>
      <PurchaseFormModal purchase={null} opened={isFormOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
