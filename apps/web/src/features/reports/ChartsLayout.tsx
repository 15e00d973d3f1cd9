import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ReportsHeader } from './ReportsHeader';
import { ReportsMenu } from './ReportsMenu';

const DRAWER_WIDTH = 280;

/**
 * /charts (spec §2 Reports): a drawer with the report pages, the period and the help link beside the page,
 * always open from the md breakpoint and opened from the header on phones. The period lives in the address,
 * so the pages below read it with `useReportRange()`.
 */
export function ChartsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(pathname);
  const pageRef = useRef<HTMLDivElement>(null);

  // Spec §2: scroll to top on navigation. The report scrolls in its own box beside the drawer, not in <main>.
  useEffect(() => {
    if (pageRef.current) pageRef.current.scrollTop = 0;
  }, [pathname]);

  // Close the phone drawer once another report is shown (adjusting state while rendering).
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Box
        component="aside"
        aria-label={t('reports.menu')}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          overflowY: 'auto',
          display: { xs: 'none', md: 'block' },
        }}
      >
        <ReportsMenu />
      </Box>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        sx={{ display: { md: 'none' } }}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
      >
        <ReportsMenu onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      {/* The page scrolls here, beside the drawer; minWidth 0 keeps wide tables inside their cards. */}
      <Box ref={pageRef} sx={{ flex: 1, minWidth: 0, overflowY: 'auto', overflowX: 'hidden' }}>
        <ReportsHeader onOpenMenu={() => setDrawerOpen(true)} />
        <Outlet />
      </Box>
    </Box>
  );
}
