import { Container, Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PAYMENT_RESULT_PARAM, PaymentResult } from '@/features/payments';

/** «Результат оплаты»: where the payment provider sends the payer back, `?payment=<id>`. */
export function PaymentResultPage() {
  const [params] = useSearchParams();
  return (
    <Container size="sm">
      <Stack gap="lg">
        <Title order={1}>Результат оплаты</Title>
        <PaymentResult paymentId={params.get(PAYMENT_RESULT_PARAM) ?? ''} />
      </Stack>
    </Container>
  );
}
