import { Box } from '@mantine/core';
import type { PublicSettings } from '@vmeste/contract';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

type Props = { settings: PublicSettings | undefined; onLogout: () => void };

/** Header, page and footer of every public page; the app passes in the shop's details and the logout. */
export function PublicLayout({ settings, onLogout }: Props) {
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PublicHeader onLogout={onLogout} />
      <Box component="main" style={{ flex: 1 }} py="xl">
        <Outlet />
      </Box>
      <PublicFooter settings={settings} />
    </Box>
  );
}
