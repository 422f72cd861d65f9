import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Bare layout (product §2): unknown paths, no header or footer. */
export function BareLayout() {
  return (
    <Box component="main" id="main" mih="100dvh">
      <Outlet />
    </Box>
  );
}
