import { Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';

/** The frame of a text document: its title, edition date and readable sections. */
export function DocumentPage({ title, updatedAt, children }: { title: string; updatedAt?: string; children: ReactNode }) {
  return (
    <Container size="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {updatedAt && (
              <Text size="sm" c="dimmed">
                Редакция от {formatDate(updatedAt)}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text lh={1.6}>{children}</Text>;
}

export function Items({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={4} lh={1.6}>
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}
