import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DeliveryMethodView } from '@vmeste/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeliveryMethods } from '../api/get-delivery-methods';
import { DeliveryMethodCard } from './delivery-method-card';
import { DeliveryMethodFormModal } from './delivery-method-form';

/** The client's saved delivery methods (the default first), with adding, editing and removing. */
export function DeliveryMethods() {
  const methods = useDeliveryMethods();
  // undefined — the form is closed; null — a new method; otherwise the method being edited.
  const [editing, setEditing] = useState<DeliveryMethodView | null | undefined>(undefined);
  const list = methods.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          Мои способы доставки
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)} w={{ base: '100%', xs: 'auto' }}>
          Добавить способ доставки
        </Button>
      </Group>
      {methods.isPending ? (
        <Loader role="status" aria-label="Загрузка способов доставки" />
      ) : methods.isError ? (
        <Alert color="red" variant="light">
          Не удалось загрузить способы доставки. Обновите страницу.
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" data-testid="no-methods">
          Способов доставки пока нет. Добавьте пункт выдачи Boxberry, адрес для курьера или самовывоз — по основному способу мы отправим
          ваши посылки.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((method) => (
            <DeliveryMethodCard key={method.id} method={method} onEdit={setEditing} />
          ))}
        </SimpleGrid>
      )}
      <DeliveryMethodFormModal
        method={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        isFirst={!editing && list.length === 0}
      />
    </Stack>
  );
}
