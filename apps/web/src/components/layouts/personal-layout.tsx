import { Button, Container, Grid, Menu, NavLink as MantineNavLink, Paper } from '@mantine/core';
import { IconChevronDown, IconCreditCard, IconGift, IconHome, IconPackage, IconTruckDelivery, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { type RouteName, routes } from '@/config/routes';
import { useSession } from '@/lib/session';

const cabinetLinks: { route: RouteName; icon: ReactNode }[] = [
  { route: 'PersonalHome', icon: <IconHome size={18} /> },
  { route: 'PersonalUnpaidOrders', icon: <IconCreditCard size={18} /> },
  { route: 'PersonalPaidOrders', icon: <IconPackage size={18} /> },
  { route: 'PersonalBonus', icon: <IconGift size={18} /> },
  { route: 'PersonalDelivery', icon: <IconTruckDelivery size={18} /> },
  { route: 'PersonalProfile', icon: <IconUser size={18} /> },
];

const CABINET_MENU_LABEL = 'Личный кабинет';

/** The cabinet menu beside the page on wide screens; only the current page is marked (`end`: /personal is not a prefix match). */
function CabinetSideMenu({ pathname }: { pathname: string }) {
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={CABINET_MENU_LABEL}>
      {cabinetLinks.map(({ route, icon }) => (
        <MantineNavLink
          key={route}
          component={NavLink}
          to={routes[route].path}
          end
          label={routes[route].title}
          leftSection={icon}
          active={pathname === routes[route].path}
        />
      ))}
    </Paper>
  );
}

/** On a phone the same menu folds into one button above the page, so the content comes first. */
function CabinetMenuButton({ pathname }: { pathname: string }) {
  const current = cabinetLinks.find(({ route }) => routes[route].path === pathname);
  return (
    <nav aria-label={CABINET_MENU_LABEL}>
      <Menu position="bottom-start" width="target" withinPortal={false}>
        <Menu.Target>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            leftSection={current?.icon}
            rightSection={<IconChevronDown size={16} />}
            data-testid="cabinet-menu-button"
          >
            Разделы кабинета
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {cabinetLinks.map(({ route, icon }) => {
            const isCurrent = pathname === routes[route].path;
            return (
              <Menu.Item
                key={route}
                component={Link}
                to={routes[route].path}
                leftSection={icon}
                aria-current={isCurrent ? 'page' : undefined}
                color={isCurrent ? 'indigo' : undefined}
                fw={isCurrent ? 600 : undefined}
              >
                {routes[route].title}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
    </nav>
  );
}

/**
 * The client's cabinet inside the public layout; until the account is confirmed, only the page itself.
 * The frame the server renders (no session known yet) is a confirmed client's, as most who open it are.
 */
export function PersonalLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();

  if (user && !user.isConfirmedAccount) {
    return (
      <Container size="sm">
        <Outlet />
      </Container>
    );
  }
  return (
    <Container size="lg">
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={3} visibleFrom="md">
          <CabinetSideMenu pathname={pathname} />
        </Grid.Col>
        <Grid.Col span={12} hiddenFrom="md">
          <CabinetMenuButton pathname={pathname} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
