import { Alert, Loader, Text } from '@mantine/core';
import { isApiError } from '@/lib/api-client';
import { useOrderByLink } from '../api/get-order-by-link';
import { OrderCard } from './order-card';

/** The order for whoever holds its link, with the phone masked by the server. */
export function PublicOrderView({ id }: { id: string }) {
  const order = useOrderByLink(id);
  return (
    <>
      {order.isPending && <Loader aria-label="Загрузка заказа" />}
      {order.isError && (
        <Alert color="red" variant="light" role="alert">
          {isApiError(order.error) && (order.error.statusCode === 404 || order.error.statusCode === 400)
            ? 'Такого заказа нет. Проверьте ссылку или спросите её у организатора.'
            : 'Не удалось загрузить заказ. Обновите страницу.'}
        </Alert>
      )}
      {order.data && (
        <>
          <Text c="dimmed">Телефон клиента: {order.data.phone}</Text>
          <OrderCard order={order.data} showFulfilment />
        </>
      )}
    </>
  );
}
