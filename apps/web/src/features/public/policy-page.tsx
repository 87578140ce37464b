import { Container, Title } from '@mantine/core';

export function PolicyPage() {
  return (
    <Container size="md">
      <Title order={1}>Политика конфидициальности</Title>
    </Container>
  );
}
