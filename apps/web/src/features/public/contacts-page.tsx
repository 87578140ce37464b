import { Container, Title } from '@mantine/core';

export function ContactsPage() {
  return (
    <Container size="md">
      <Title order={1}>Контакты</Title>
    </Container>
  );
}
