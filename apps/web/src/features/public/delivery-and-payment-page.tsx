import { Container, Title } from '@mantine/core';

export function DeliveryAndPaymentPage() {
  return (
    <Container size="md">
      <Title order={1}>Доставка и оплата</Title>
    </Container>
  );
}
