import { Center, Loader } from '@mantine/core';

/**
 * What the first paint shows while the opened page's code loads (the router's hydrate fallback). The
 * spinner fades in late, so a fast load shows nothing at all instead of a flash.
 */
export function AppLoading() {
  return (
    <Center mih="60dvh" role="status" aria-label="Загрузка страницы" style={{ animation: 'app-loading-in 0.2s ease-in 0.4s both' }}>
      <Loader size="md" />
    </Center>
  );
}
