import { Container, Title } from '@mantine/core';

export function MainPage() {
  return (
    <Container size="md">
      <Title order={1}>Совместные покупки</Title>
    </Container>
  );
}
