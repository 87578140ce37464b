import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { routeErrorMessage } from './route-error-message';

/** Shown when a page fails to render or its code fails to load (a new release replaced the old files). */
export function RouteError() {
  const { title, text } = routeErrorMessage(useRouteError());
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
      </Stack>
    </Container>
  );
}
