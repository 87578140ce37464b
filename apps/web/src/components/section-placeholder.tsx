import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/config/routes';

/** A page whose content comes with a later release: its title and a short line. */
export function SectionPlaceholder() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RouteHandle | undefined)?.title ?? '';
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">Раздел готовится.</Text>
      </Paper>
    </Stack>
  );
}
