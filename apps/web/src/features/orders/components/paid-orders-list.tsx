import { Alert, Loader } from '@mantine/core';
import { useMyOrders } from '../api/get-my-orders';
import { useMyOrderSteps } from '../api/get-my-order-steps';
import { OrderCard } from './order-card';

/** The client's paid orders with where each of them is now and the steps it took to get there. */
export function PaidOrdersList() {
  const orders = useMyOrders('paid');
  const steps = useMyOrderSteps();
  return (
    <>
      {orders.isPending && <Loader role="status" aria-label="Загрузка заказов" />}
      {orders.data?.length === 0 && (
        <Alert color="indigo" variant="light">
          Оплаченных заказов пока нет. Оплатите заказы в разделе «Неоплаченные заказы» — здесь будет видно, где каждый из них.
        </Alert>
      )}
      {orders.data?.map((order) => (
        <OrderCard key={order.id} order={order} showFulfilment linkToOrder steps={steps.data?.get(order.id)} />
      ))}
    </>
  );
}
