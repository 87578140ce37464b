import { Container, Title } from '@mantine/core';

export function ReturnGoodsPage() {
  return (
    <Container size="md">
      <Title order={1}>Возврат товара</Title>
    </Container>
  );
}
