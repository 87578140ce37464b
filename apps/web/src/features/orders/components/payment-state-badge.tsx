import { Badge } from '@mantine/core';
import { type PaymentState, paymentStateTitles } from '@vmeste/contract';

const colors: Record<PaymentState, string> = { unpaid: 'red.9', partially_paid: '#a63c06', paid: 'teal.9' };

export function PaymentStateBadge({ state, isCanceled = false }: { state: PaymentState; isCanceled?: boolean }) {
  if (isCanceled) {
    return (
      <Badge color="gray.7" variant="filled">
        Отменён
      </Badge>
    );
  }
  return (
    <Badge color={colors[state]} variant="filled">
      {paymentStateTitles[state]}
    </Badge>
  );
}
