import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk-errors';

/** Shown when a page fails to render or its code fails to load (a new release replaced the old files). */
export function RouteError() {
  const error = useRouteError();
  const isChunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{isChunk ? 'Вышло обновление' : 'Что-то пошло не так'}</Title>
        <Text c="dimmed">
          {isChunk
            ? 'Страница не загрузилась: магазин обновился, пока она была открыта. Обновите страницу.'
            : status
              ? `Ошибка ${status}. Попробуйте обновить страницу.`
              : 'Упс, промох разработчика. Попробуйте обновить страницу — мы уже знаем о проблеме.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
      </Stack>
    </Container>
  );
}
