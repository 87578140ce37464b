import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { cleanPointName, deliveryKindTitles, type DeliveryMethodView, pointAddressOf } from '@vmeste/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { usePublicSettings } from '@/features/site';
import { confirm, escapeHtml } from '@/lib/confirm';
import { runAction } from '@/lib/run-action';
import { useDeleteDeliveryMethod } from '../api/delete-delivery-method';
import { useMakeDefaultDeliveryMethod } from '../api/make-default-delivery-method';
import { recipientText } from './delivery-texts';

type Props = { method: DeliveryMethodView; onEdit: (method: DeliveryMethodView) => void };

/** One saved method: its kind, where parcels go, who receives them, and what can be done with it. */
export function DeliveryMethodCard({ method, onEdit }: Props) {
  const makeDefault = useMakeDefaultDeliveryMethod();
  const remove = useDeleteDeliveryMethod();

  async function handleDelete() {
    const isConfirmed = await confirm({
      title: 'Удалить способ доставки?',
      messageHtml: `${escapeHtml(method.title)}${method.isDefault ? '<br><br>Основным станет следующий способ из списка.' : ''}`,
      confirmLabel: 'Удалить',
      isDanger: true,
    });
    if (!isConfirmed) return;
    await runAction(() => remove.mutateAsync({ params: { id: method.id } }), 'Способ доставки удалён');
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="delivery-method">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={700}>{deliveryKindTitles[method.kind]}</Text>
          {method.isDefault && (
            <Badge color="teal.9" variant="filled">
              Основной
            </Badge>
          )}
        </Group>
        {method.unavailableReason && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            {method.unavailableReason}
          </Alert>
        )}
        <MethodDestination method={method} />
        <Text size="sm">
          <Text span c="dimmed" inherit>
            Получатель:{' '}
          </Text>
          {recipientText(method.recipient)}
        </Text>
        <Group gap="xs">
          {!method.isDefault && (
            <Button
              size="xs"
              variant="light"
              loading={makeDefault.isPending}
              onClick={() =>
                void runAction(() => makeDefault.mutateAsync({ params: { id: method.id } }), 'Основной способ доставки изменён')
              }
            >
              Сделать основным
            </Button>
          )}
          <Button size="xs" variant="default" onClick={() => onEdit(method)}>
            Изменить
          </Button>
          <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => void handleDelete()}>
            Удалить
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Where the parcels go: the Boxberry point with its hours and a map, the courier's address, or the shop's own point. */
function MethodDestination({ method }: { method: DeliveryMethodView }) {
  const settings = usePublicSettings();
  const { point, address } = method;
  if (method.kind === 'boxberry' && point) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {cleanPointName(point)}
        </Text>
        <Text size="sm">{pointAddressOf(point)}</Text>
        {point.workSchedule && (
          <Text size="sm" c="dimmed">
            Часы работы: {point.workSchedule}
          </Text>
        )}
        <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="sm">
          На карте
        </Anchor>
      </Stack>
    );
  }
  if (method.kind === 'courier' && address) {
    return (
      <Stack gap={2}>
        <Text size="sm">{address.value}</Text>
        {address.details && (
          <Text size="sm" c="dimmed">
            {address.details}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Индекс {address.postalCode}
        </Text>
      </Stack>
    );
  }
  if (method.kind === 'pickup' && settings) {
    return (
      <Stack gap={2}>
        <Text size="sm">{settings.pickupAddress}</Text>
        {settings.pickupHours && (
          <Text size="sm" c="dimmed">
            Часы работы: {settings.pickupHours}
          </Text>
        )}
      </Stack>
    );
  }
  return <Text size="sm">{method.title}</Text>;
}
