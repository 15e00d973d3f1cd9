import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ADMIN_SECTIONS } from './admin-sections';

/** The admin area (superadmin only): one tab per section, the section below. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = ADMIN_SECTIONS.find((section) => pathname.startsWith(`/admin/${section}`)) ?? false;
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Tabs value={current} variant="scrollable" scrollButtons="auto" aria-label={t('nav.admin')}>
          {ADMIN_SECTIONS.map((section) => (
            <Tab
              key={section}
              value={section}
              label={t(`admin.sections.${section}`)}
              component={NavLink}
              to={`/admin/${section}`}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </Box>
  );
}
