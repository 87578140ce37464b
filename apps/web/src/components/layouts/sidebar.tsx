import { ActionIcon, NavLink as MantineNavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import type { Role } from '@vmeste/contract';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { routes } from '@/config/routes';
import { isGroup, isGroupActive, SIDEBAR_COLLAPSE_TITLE, SIDEBAR_EXPAND_TITLE, type SidebarItem, sidebars } from '@/config/sidebar';
import { sidebarIcons } from './sidebar-icons';

type Props = {
  role: Role;
  isCollapsed: boolean;
  /** Collapses or expands the sidebar; absent where it cannot collapse (the phone menu). */
  onToggle?: (() => void) | undefined;
  /** Called on every link followed, the current page's included, so the phone menu closes. */
  onNavigate?: () => void;
};

export function Sidebar({ role, isCollapsed, onToggle, onNavigate }: Props) {
  const items = sidebars[role] ?? [];
  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-collapsed={isCollapsed}>
      <ScrollArea style={{ flex: 1 }} p="xs">
        <nav aria-label="Меню рабочего кабинета">
          {items.map((item) => (
            <SidebarEntry key={item.label} item={item} isCollapsed={isCollapsed} onNavigate={onNavigate} />
          ))}
        </nav>
      </ScrollArea>
      {onToggle && (
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
      )}
    </Stack>
  );
}

type EntryProps = { item: SidebarItem; isCollapsed: boolean; onNavigate?: (() => void) | undefined };

function SidebarEntry({ item, isCollapsed, onNavigate }: EntryProps) {
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
        end
        label={isCollapsed ? undefined : item.label}
        aria-label={item.label}
        leftSection={icon}
        active={pathname === routes[item.route].path}
        onClick={onNavigate}
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
          end
          aria-label={item.label}
          leftSection={icon}
          active={hasActiveChild}
          onClick={onNavigate}
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
          end
          label={child.label}
          active={pathname === routes[child.route].path}
          onClick={onNavigate}
        />
      ))}
    </MantineNavLink>
  );
}
