import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PaymentsIcon from '@mui/icons-material/Payments';
import TimelineIcon from '@mui/icons-material/Timeline';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { helpPageFor } from '../../lib/help-page';
import type { TranslationKey } from '../../lib/i18n';
import { ReportRangePicker } from './ReportRangePicker';

const REPORT_PAGES: { to: string; labelKey: TranslationKey; icon: ReactNode }[] = [
  { to: '/charts/usage', labelKey: 'pages.chartsUsage', icon: <TimelineIcon /> },
  { to: '/charts/revenue', labelKey: 'pages.chartsRevenue', icon: <PaymentsIcon /> },
];

/**
 * What the reports' drawer holds (spec §2 Reports): the report pages, the period they show and the help
 * article. `onNavigate` lets the phone drawer close once a page is chosen.
 */
export function ReportsMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  // The period travels with the links, so both pages show the same days.
  const { search } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <List
        component="nav"
        aria-label={t('reports.menu')}
        subheader={<ListSubheader component="div">{t('nav.reports')}</ListSubheader>}
      >
        {REPORT_PAGES.map((page) => (
          <ListItemButton
            key={page.to}
            component={NavLink}
            to={{ pathname: page.to, search }}
            onClick={onNavigate}
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemIcon>{page.icon}</ListItemIcon>
            <ListItemText primary={t(page.labelKey)} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <Box sx={{ p: 2 }}>
        <ReportRangePicker />
      </Box>
      <Divider />
      {/* One link, not a list item: a <ul> may hold only list items. */}
      <List component="div">
        <ListItemButton
          component="a"
          href={helpPageFor('payments', i18n.resolvedLanguage)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ListItemIcon>
            <HelpOutlineIcon />
          </ListItemIcon>
          <ListItemText primary={t('reports.help')} />
          <OpenInNewIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
        </ListItemButton>
      </List>
    </Box>
  );
}
