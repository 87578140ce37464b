import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_EXPANDED } from '@/config/sidebar';
import { reloadCurrentUser } from '@/lib/auth-actions';
import { useSession } from '@/lib/session';
import { readStored, storageKeys, writeStored } from '@/lib/storage';
import { Sidebar } from './sidebar';
import { StaffHeader } from './staff-header';

/** The back office of every staff role: header, the role's sidebar, the page. */
export default function StaffLayout() {
  const { user } = useSession();
  const [isCollapsed, setCollapsed] = useState(() => readStored<boolean>(storageKeys.sidebarCollapsed) === true);
  const [isMobileOpen, mobileNav] = useDisclosure(false);
  const { pathname } = useLocation();

  // The layout loads the current user when opened, so a role or name changed by an admin shows at once.
  useEffect(() => {
    void reloadCurrentUser().catch(() => {});
  }, []);
  useEffect(() => mobileNav.close(), [pathname, mobileNav]);

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
        <StaffHeader isNavOpen={isMobileOpen} onToggleNav={mobileNav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar role={user.role} isCollapsed={isCollapsed} onToggle={toggleCollapsed} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
