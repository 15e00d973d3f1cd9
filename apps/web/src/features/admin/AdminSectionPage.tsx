import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import MailIcon from '@mui/icons-material/Mail';
import PlaceIcon from '@mui/icons-material/Place';
import type { ComponentType, ReactNode } from 'react';
import { LaterReleasePage } from '../../components/LaterReleasePage';
import type { AdminSection } from './admin-sections';

const ICONS: Record<AdminSection, ReactNode> = {
  dashboard: <DashboardIcon />,
  devices: <DevicesOtherIcon />,
  users: <GroupIcon />,
  invites: <MailIcon />,
  sites: <PlaceIcon />,
  clients: <BusinessIcon />,
  activity: <HistoryIcon />,
};

function createSectionPage(section: AdminSection): ComponentType {
  const SectionPage = () => <LaterReleasePage titleKey={`admin.sections.${section}`} icon={ICONS[section]} />;
  SectionPage.displayName = `Admin(${section})`;
  return SectionPage;
}

const PAGES = new Map<AdminSection, ComponentType>();

/** The page of one admin section; each section's screens arrive with a later release. */
export function adminSectionPage(section: AdminSection): ComponentType {
  let page = PAGES.get(section);
  if (!page) {
    page = createSectionPage(section);
    PAGES.set(section, page);
  }
  return page;
}
