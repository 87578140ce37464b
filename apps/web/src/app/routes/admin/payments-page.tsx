import { Group, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CashPaymentButton } from '@/features/orders';
import { PaymentsRegistry, RefundsDue } from '@/features/payments';

/**
 * «Оплаты»: money owed back first (hidden when none), then every payment with filters and its card;
 * a cash payment opens its card once recorded.
 */
export function AdminPaymentsPage() {
  const [, setParams] = useSearchParams();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Оплаты</Title>
        <CashPaymentButton
          onRecorded={(paymentId) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('payment', paymentId);
              return next;
            })
          }
        />
      </Group>
      <RefundsDue />
      <PaymentsRegistry />
    </Stack>
  );
}
