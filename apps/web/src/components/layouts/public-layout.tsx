import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

export function PublicLayout() {
  return (
    <Box style={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" style={{ flex: 1 }} py="xl">
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}
