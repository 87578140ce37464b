import { Container, Title } from '@mantine/core';

export function AcceptPolicyPage() {
  return (
    <Container size="md">
      <Title order={1}>Обработка персональных данных</Title>
    </Container>
  );
}
