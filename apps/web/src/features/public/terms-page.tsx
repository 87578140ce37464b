import { Container, Title } from '@mantine/core';

export function TermsPage() {
  return (
    <Container size="md">
      <Title order={1}>Публичная оферта</Title>
    </Container>
  );
}
