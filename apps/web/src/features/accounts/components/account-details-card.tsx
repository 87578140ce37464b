import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { formatPhone, type User } from '@vmeste/contract';
import { Link } from 'react-router';
import { routes } from '@/config/routes';

/** «Ваши данные»: who is signed in, with the way to the profile. */
export function AccountDetailsCard({ user }: { user: User }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Ваши данные
        </Title>
        <Text>
          {user.name} {user.surname}, {formatPhone(user.phone)}
          {user.email ? `, ${user.email}` : ''}
        </Text>
        <Anchor component={Link} to={routes.PersonalProfile.path} size="sm">
          Изменить профиль
        </Anchor>
      </Stack>
    </Card>
  );
}
