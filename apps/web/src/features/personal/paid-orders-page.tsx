import { Alert, Loader, Stack, Title } from '@mantine/core';
import { OrderCard } from '@/components/orders/order-card';
import { useMyOrders } from './orders-api';

export function PersonalPaidOrdersPage() {
  const orders = useMyOrders('paid');
  return (
    <Stack gap="lg">
      <Title order={1}>Мои заказы</Title>
      {orders.isPending && <Loader aria-label="Загрузка заказов" />}
      {orders.data?.length === 0 && (
        <Alert color="indigo" variant="light">
          Оплаченных заказов пока нет. Оплатите заказы в разделе «Неоплаченные заказы» — здесь будет видно, где каждый из них.
        </Alert>
      )}
      {orders.data?.map((order) => (
        <OrderCard key={order.id} order={order} showFulfilment linkToOrder />
      ))}
    </Stack>
  );
}
