import { Anchor, Box, Burger, Button, Container, Drawer, Group, Menu, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { roleHome, routes } from '@/config/routes';
import { useSession } from '@/lib/session';
import { Logo } from '../logo';
import classes from './public-header.module.css';

/** The three links of the public header; «Оплата заказов» leads to the unpaid orders once signed in. */
function useHeaderLinks() {
  const { user } = useSession();
  return [
    { label: 'Оплата заказов', to: user ? routes.PersonalUnpaidOrders.path : routes.Main.path },
    { label: 'Доставка и оплата', to: routes.DeliveryAndPayment.path },
    { label: 'Контакты', to: routes.Contacts.path },
  ];
}

function AccountButtons({ onNavigate, onLogout }: { onNavigate?: () => void; onLogout: () => void }) {
  const { user } = useSession();
  if (!user) {
    return (
      <Group gap="xs">
        <Button component={Link} to={routes.Signin.path} variant="default" onClick={onNavigate}>
          Войти
        </Button>
        <Button component={Link} to={routes.Signup.path} onClick={onNavigate}>
          Регистрация
        </Button>
      </Group>
    );
  }
  if (user.role !== 'client') {
    return (
      <Button component={Link} to={roleHome(user.role) ?? routes.Main.path} onClick={onNavigate}>
        Рабочий кабинет
      </Button>
    );
  }
  return (
    <Group gap={0} wrap="nowrap">
      <Button component={Link} to={routes.PersonalHome.path} className={classes.splitMain} onClick={onNavigate}>
        Личный кабинет
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button className={classes.splitToggle} aria-label="Меню личного кабинета" px={8}>
            <IconChevronDown size={16} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={routes.PersonalProfile.path} onClick={onNavigate}>
            Профиль
          </Menu.Item>
          <Menu.Item color="red" onClick={onLogout}>
            Выйти
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The public header; `onLogout` comes from the app, which owns the session actions. */
export function PublicHeader({ onLogout }: { onLogout: () => void }) {
  const links = useHeaderLinks();
  const [isMenuOpen, menu] = useDisclosure(false);
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Logo />
        <Group gap="lg" visibleFrom="md" component="nav" aria-label="Основное меню">
          {links.map((link) => (
            // «Оплата заказов» leads guests to Main; it must not look like the current page there.
            <Anchor
              key={link.label}
              component={link.to === routes.Main.path ? Link : NavLink}
              to={link.to}
              className={classes.link}
              underline="never"
            >
              {link.label}
            </Anchor>
          ))}
        </Group>
        <Box visibleFrom="md">
          <AccountButtons onLogout={onLogout} />
        </Box>
        <Burger opened={isMenuOpen} onClick={menu.toggle} hiddenFrom="md" aria-label={isMenuOpen ? 'Закрыть меню' : 'Открыть меню'} />
      </Container>
      <Drawer opened={isMenuOpen} onClose={menu.close} title={<Text fw={700}>Меню</Text>} hiddenFrom="md" size="xs" position="right">
        <Stack component="nav" aria-label="Мобильное меню" gap="md">
          {links.map((link) => (
            <Anchor key={link.label} component={Link} to={link.to} onClick={menu.close} size="lg" underline="never">
              {link.label}
            </Anchor>
          ))}
          <AccountButtons onNavigate={menu.close} onLogout={onLogout} />
        </Stack>
      </Drawer>
    </Box>
  );
}
