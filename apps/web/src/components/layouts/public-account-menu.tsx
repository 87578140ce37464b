import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '@/config/routes';
import classes from './public-header.module.css';

type Props = { label: string; onNavigate?: () => void; onLogout: () => void };

/** The toggle of the split button «Личный кабинет» and its menu: Профиль and Выйти. */
export default function PublicAccountMenu({ label, onNavigate, onLogout }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button className={classes.splitToggle} aria-label={label} px={8}>
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
  );
}
