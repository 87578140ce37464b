import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { roleHome, routes } from '@/config/routes';
import { useSession } from '@/lib/session';
import { Logo } from '../logo';
import classes from './public-header.module.css';

// Only a signed-in client has the account menu, and only a phone opens the drawer: their code (popovers,
// dialogs) loads when they are first needed, not with every public page.
const PublicAccountMenu = lazy(() => import('./public-account-menu'));
const PublicMobileMenu = lazy(() => import('./public-mobile-menu'));

const ACCOUNT_MENU_LABEL = 'Меню личного кабинета';

/** The three links of the public header; «Оплата заказов» leads to the unpaid orders once signed in. */
function useHeaderLinks() {
  const { user } = useSession();
  return [
    { label: 'Оплата заказов', to: user ? routes.PersonalUnpaidOrders.path : routes.Main.path },
    { label: 'Доставка и оплата', to: routes.DeliveryAndPayment.path },
    { label: 'Контакты', to: routes.Contacts.path },
  ];
}

/** The account menu's toggle while the menu's code loads: the same look, not yet usable. */
function AccountMenuPlaceholder() {
  return (
    <Button className={classes.splitToggle} aria-label={ACCOUNT_MENU_LABEL} aria-disabled px={8}>
      <IconChevronDown size={16} />
    </Button>
  );
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
      <Suspense fallback={<AccountMenuPlaceholder />}>
        <PublicAccountMenu label={ACCOUNT_MENU_LABEL} onNavigate={onNavigate} onLogout={onLogout} />
      </Suspense>
    </Group>
  );
}

/** The public header; `onLogout` comes from the app, which owns the session actions. */
export function PublicHeader({ onLogout }: { onLogout: () => void }) {
  const links = useHeaderLinks();
  const [isMenuOpen, setMenuOpen] = useState(false);
  // The drawer stays mounted once opened, so it can slide out when closed.
  const [isMenuUsed, setMenuUsed] = useState(false);
  const toggleMenu = () => {
    setMenuUsed(true);
    setMenuOpen((isOpen) => !isOpen);
  };
  const closeMenu = () => setMenuOpen(false);
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
        <Burger opened={isMenuOpen} onClick={toggleMenu} hiddenFrom="md" aria-label={isMenuOpen ? 'Закрыть меню' : 'Открыть меню'} />
      </Container>
      {isMenuUsed && (
        <Suspense fallback={null}>
          <PublicMobileMenu opened={isMenuOpen} onClose={closeMenu} links={links}>
            <AccountButtons onNavigate={closeMenu} onLogout={onLogout} />
          </PublicMobileMenu>
        </Suspense>
      )}
    </Box>
  );
}
