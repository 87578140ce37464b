import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '@/config/routes';

export function NotFoundPage() {
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="indigo.2" lh={1}>
          404
        </Text>
        <Title order={1}>Страница не найдена</Title>
        <Text c="dimmed">Возможно, ссылка устарела или в адресе опечатка. Начните с главной страницы.</Text>
        <Button component={Link} to={routes.Main.path}>
          На главную
        </Button>
      </Stack>
    </Container>
  );
}
