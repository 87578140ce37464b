import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The foot of a settings card: when (and by whom) they were last saved at the left, «Сохранить» at the right. */
export function SettingsFooter({ savedText, isSubmitting }: { savedText: ReactNode; isSubmitting: boolean }) {
  return (
    <Group justify="space-between" align="center">
      <Text size="xs" c="dimmed">
        {savedText}
      </Text>
      <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={isSubmitting}>
        Сохранить
      </Button>
    </Group>
  );
}
