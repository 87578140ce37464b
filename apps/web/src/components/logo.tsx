import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '@/config/routes';

export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={routes.Main.path} aria-label="Вместе — на главную">
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {!isCompact && (
          <Text fw={800} size="xl" c="indigo.8">
            Вместе
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
