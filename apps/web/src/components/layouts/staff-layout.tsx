import { AppShell, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '@/config/sidebar';
import { useSession } from '@/lib/session';
import { readStored, storageKeys, writeStored } from '@/lib/storage';
import { Sidebar } from './sidebar';
import { STAFF_NAVBAR_ID, StaffHeader } from './staff-header';

/** The window's height below the header, less the test mode's banner (sandbox-payment-banner.tsx) when shown. */
const SIDEBAR_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0rem) - var(--sandbox-banner-height, 0px))';

/** The back office of every staff role: header, the role's sidebar, the page; the app passes in the logout. */
export function StaffLayout({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const [isCollapsed, setCollapsed] = useState(() => readStored<boolean>(storageKeys.sidebarCollapsed) === true);
  const [isMobileOpen, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();
  const theme = useMantineTheme();
  // Below the navbar breakpoint the sidebar is an overlay menu: always expanded, no collapse button.
  const isPhone = !useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });

  // Only `close` is stable: the handlers object is new on every render, and an effect on it would
  // close the menu right after the burger opened it.
  const closeMobileNav = mobileNav.close;
  useEffect(() => closeMobileNav(), [pathname, closeMobileNav]);

  function toggleCollapsed() {
    setCollapsed((was) => {
      writeStored(storageKeys.sidebarCollapsed, !was);
      return !was;
    });
  }

  if (!user) return null;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: isCollapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED,
        breakpoint: 'sm',
        collapsed: { mobile: !isMobileOpen },
      }}
      padding="lg"
    >
      <AppShell.Header>
        <StaffHeader isNavOpen={isMobileOpen} onToggleNav={mobileNav.toggle} onLogout={onLogout} />
      </AppShell.Header>
      {/* The test mode's banner, fixed at the window's bottom, would cover the sidebar's last button:
          the sidebar ends above it. The page needs nothing, the banner keeps room below it itself. */}
      <AppShell.Navbar id={STAFF_NAVBAR_ID} style={{ height: SIDEBAR_HEIGHT }}>
        <Sidebar
          role={user.role}
          isCollapsed={isCollapsed && !isPhone}
          onToggle={isPhone ? undefined : toggleCollapsed}
          onNavigate={closeMobileNav}
        />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
