import { ActionIcon, NavLink as MantineNavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import type { Role } from '@vmeste/contract';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { routes } from '@/config/routes';
import { isGroup, isGroupActive, SIDEBAR_COLLAPSE_TITLE, SIDEBAR_EXPAND_TITLE, type SidebarItem, sidebars } from '@/config/sidebar';
import { sidebarIcons } from './sidebar-icons';

type Props = { role: Role; isCollapsed: boolean; onToggle: () => void };

export function Sidebar({ role, isCollapsed, onToggle }: Props) {
  const items = sidebars[role] ?? [];
  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-collapsed={isCollapsed}>
      <ScrollArea style={{ flex: 1 }} p="xs">
        <nav aria-label="Меню рабочего кабинета">
          {items.map((item) => (
            <SidebarEntry key={item.label} item={item} isCollapsed={isCollapsed} />
          ))}
        </nav>
      </ScrollArea>
      <Stack align={isCollapsed ? 'center' : 'flex-end'} p="xs">
        <Tooltip label={isCollapsed ? SIDEBAR_EXPAND_TITLE : SIDEBAR_COLLAPSE_TITLE} position="right">
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onToggle}
            title={isCollapsed ? SIDEBAR_EXPAND_TITLE : SIDEBAR_COLLAPSE_TITLE}
            aria-label={isCollapsed ? SIDEBAR_EXPAND_TITLE : SIDEBAR_COLLAPSE_TITLE}
          >
            {isCollapsed ? <IconLayoutSidebarLeftExpand /> : <IconLayoutSidebarLeftCollapse />}
          </ActionIcon>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

function SidebarEntry({ item, isCollapsed }: { item: SidebarItem; isCollapsed: boolean }) {
  const { pathname } = useLocation();
  const icon = item.icon ? sidebarIcons[item.icon] : undefined;
  const hasActiveChild = isGroup(item) && isGroupActive(item.children, pathname);
  // The group of the current page starts open; afterwards each group keeps the user's choice.
  const [isOpen, setOpen] = useState(hasActiveChild);

  if (!isGroup(item)) {
    const link = (
      <MantineNavLink
        component={NavLink}
        to={routes[item.route].path}
        label={isCollapsed ? undefined : item.label}
        aria-label={item.label}
        leftSection={icon}
        active={pathname === routes[item.route].path}
      />
    );
    return isCollapsed ? (
      <Tooltip label={item.label} position="right">
        {link}
      </Tooltip>
    ) : (
      link
    );
  }

  if (isCollapsed) {
    // Collapsed, a group is one icon leading to its first page; its name shows on hover.
    const first = item.children[0];
    return (
      <Tooltip label={item.label} position="right">
        <MantineNavLink
          component={NavLink}
          to={first ? routes[first.route].path : '#'}
          aria-label={item.label}
          leftSection={icon}
          active={hasActiveChild}
        />
      </Tooltip>
    );
  }

  return (
    <MantineNavLink
      component="button"
      label={item.label}
      leftSection={icon}
      opened={isOpen}
      onChange={setOpen}
      childrenOffset={34}
      aria-expanded={isOpen}
    >
      {item.children.map((child) => (
        <MantineNavLink
          key={child.route}
          component={NavLink}
          to={routes[child.route].path}
          label={child.label}
          active={pathname === routes[child.route].path}
        />
      ))}
    </MantineNavLink>
  );
}
