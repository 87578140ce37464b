import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';

/** A no-break space for string literals (in JSX text `&nbsp;` does the same). */
export const NBSP = '\u00A0';

/**
 * The frame of a text document: its title (the page's h1, exactly the route's title), the edition date
 * and the body. The body is built from the helpers below rather than Mantine `Typography`, so spacing
 * comes from one place (Stack gaps) and never doubles up with paragraph margins.
 */
export function DocumentPage({ title, updatedAt, children }: { title: string; updatedAt?: string; children: ReactNode }) {
  return (
    <Container size="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 34 }}>
              {title}
            </Title>
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

/** A numbered or plain part of a document with its h2. */
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

/** A list of clauses; `ordered` numbers them (1., 2., …). */
export function Items({ items, ordered = false }: { items: ReactNode[]; ordered?: boolean }) {
  return (
    <List type={ordered ? 'ordered' : 'unordered'} spacing={6} lh={1.6}>
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

/** Clauses that carry their own numbers (1.1., 1.2., …): paragraphs without list markers. */
export function Clauses({ items }: { items: ReactNode[] }) {
  return (
    <Stack gap={6}>
      {items.map((item, i) => (
        <Text key={i} lh={1.6}>
          {item}
        </Text>
      ))}
    </Stack>
  );
}

/** A link to another page of the shop, without reloading the app. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}
