import AccountBoxIcon from '@mui/icons-material/AccountBox';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import TuneIcon from '@mui/icons-material/Tune';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { TranslationKey } from '../../lib/i18n';

const SECTIONS: { to: string; labelKey: TranslationKey; icon: React.ReactNode }[] = [
  { to: '/settings/general', labelKey: 'pages.settingsGeneral', icon: <TuneIcon /> },
  { to: '/settings/booking', labelKey: 'pages.settingsBooking', icon: <EventAvailableIcon /> },
  { to: '/settings/account', labelKey: 'pages.settingsAccount', icon: <AccountBoxIcon /> },
];

/** The settings layout's section menu (spec §2 Settings: general, booking, account). */
export function SettingsMenu() {
  const { t } = useTranslation();
  return (
    <Paper
      component="nav"
      square
      elevation={0}
      aria-label={t('nav.settings')}
      sx={{
        width: 240,
        flexShrink: 0,
        borderRight: 1,
        borderColor: 'divider',
        display: { xs: 'none', md: 'block' },
      }}
    >
      {/* Links with a heading inside <nav>, not a <ul> (a list may hold only list items). */}
      <List component="div" subheader={<ListSubheader component="div">{t('nav.settings')}</ListSubheader>}>
        {SECTIONS.map((section) => (
          <ListItemButton
            key={section.to}
            component={NavLink}
            to={section.to}
            sx={{ '&.active': { bgcolor: 'action.selected' } }}
          >
            <ListItemIcon>{section.icon}</ListItemIcon>
            <ListItemText primary={t(section.labelKey)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

/** On phones the same sections as tabs above the page. */
export function SettingsTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) => pathname.startsWith(section.to))?.to ?? false;
  return (
    <Tabs
      value={current}
      variant="fullWidth"
      sx={{ display: { md: 'none' }, borderBottom: 1, borderColor: 'divider' }}
      aria-label={t('nav.settings')}
    >
      {SECTIONS.map((section) => (
        <Tab
          key={section.to}
          value={section.to}
          label={t(section.labelKey)}
          component={NavLink}
          to={section.to}
        />
      ))}
    </Tabs>
  );
}
