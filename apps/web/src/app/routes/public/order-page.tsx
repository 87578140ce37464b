import { Container, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PublicOrderView } from '@/features/orders';

/** «Мой заказ»: the order for whoever holds its link, signed in or not. */
export function OrderPage() {
  const { id = '' } = useParams();
  return (
    <Container size="md">
      <Stack gap="lg">
        <Title order={1}>Мой заказ</Title>
        <PublicOrderView id={id} />
      </Stack>
    </Container>
  );
}
