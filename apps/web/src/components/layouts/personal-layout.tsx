import { Container, Grid, NavLink as MantineNavLink, Paper } from '@mantine/core';
import { IconCreditCard, IconGift, IconHome, IconPackage, IconTruckDelivery, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
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

/** The client's cabinet inside the public layout; until the account is confirmed, only the page itself. */
export function PersonalLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();

  if (!user?.isConfirmedAccount) {
    return (
      <Container size="sm">
        <Outlet />
      </Container>
    );
  }
  return (
    <Container size="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="xs" component="nav" aria-label="Личный кабинет">
            {cabinetLinks.map(({ route, icon }) => (
              <MantineNavLink
                key={route}
                component={NavLink}
                to={routes[route].path}
                label={routes[route].title}
                leftSection={icon}
                active={pathname === routes[route].path}
              />
            ))}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
