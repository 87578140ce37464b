import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { PublicOrder } from '@vmeste/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { OrderCard } from '@/components/orders/order-card';
import { api, isApiError } from '@/lib/api-client';

/** «Мой заказ»: the order for whoever holds its link, with the phone masked. */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useQuery({
    queryKey: ['order', id],
    queryFn: () => api.get<PublicOrder>(`/orders/${id}`),
    retry: false,
    meta: { isErrorShown: true },
  });
  return (
    <Container size="md">
      <Stack gap="lg">
        <Title order={1}>Мой заказ</Title>
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
      </Stack>
    </Container>
  );
}
