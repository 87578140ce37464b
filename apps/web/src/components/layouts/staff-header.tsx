import { Burger, Button, Group, Menu, Text } from '@mantine/core';
import { roleTitles } from '@vmeste/contract';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useSession } from '@/lib/session';
import { Logo } from '../logo';

/** The id of the sidebar's frame, which the burger opens on a phone. */
export const STAFF_NAVBAR_ID = 'staff-navbar';

type Props = { isNavOpen: boolean; onToggleNav: () => void; onLogout: () => void };

/** The back-office header: the employee's name and surname with a popup holding Выйти. */
export function StaffHeader({ isNavOpen, onToggleNav, onLogout }: Props) {
  const { user } = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavOpen}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={isNavOpen ? 'Закрыть меню' : 'Открыть меню'}
          aria-expanded={isNavOpen}
          aria-controls={STAFF_NAVBAR_ID}
        />
        <Logo />
      </Group>
      {user && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="dark" rightSection={<IconChevronDown size={16} />} data-testid="staff-user">
              <Text component="span" fw={600} truncate>
                {user.name} {user.surname}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{roleTitles[user.role]}</Menu.Label>
            <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={onLogout}>
              Выйти
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
