import { Badge } from '@mantine/core';
import { type PaymentStatus, paymentStatusTitles } from '@vmeste/contract';
import { paymentStatusColors } from './payment-status';

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={paymentStatusColors[status]} variant="filled">
      {paymentStatusTitles[status]}
    </Badge>
  );
}
