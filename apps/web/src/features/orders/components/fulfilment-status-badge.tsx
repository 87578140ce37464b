import { Badge } from '@mantine/core';
import { type FulfilmentStatus, fulfilmentStatusTitles } from '@vmeste/contract';

// Outlined, unlike the payment and purchase badges beside it; dark shades keep the text above 4.5:1.
const colors: Record<FulfilmentStatus, string> = {
  awaiting_goods: 'gray.7',
  arrived: 'blue.9',
  packed: 'indigo.9',
  shipped: 'violet.9',
  ready_for_pickup: 'grape.9',
  delivered: 'teal.9',
};

/** Where an order's goods are: «Ожидает поступления», «На складе» … «Получен». */
export function FulfilmentStatusBadge({ status }: { status: FulfilmentStatus }) {
  return (
    <Badge color={colors[status]} variant="outline" title="Где заказ" data-testid="fulfilment-status">
      {fulfilmentStatusTitles[status]}
    </Badge>
  );
}
