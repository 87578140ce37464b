import { Container, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SandboxPaymentView } from '@/features/payments';

/** «Тестовая оплата»: the built-in provider's page, used while no payment provider is connected. */
export function SandboxPaymentPage() {
  const { id = '' } = useParams();
  return (
    <Container size="sm">
      <Stack gap="lg">
        <Title order={1} ta="center">
          Тестовая оплата
        </Title>
        <SandboxPaymentView id={id} />
      </Stack>
    </Container>
  );
}
