import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BarChartIcon from '@mui/icons-material/BarChart';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import MapIcon from '@mui/icons-material/Map';
import RouteIcon from '@mui/icons-material/Route';
import SettingsIcon from '@mui/icons-material/Settings';
import { hasRole, type Role } from '@fairway/domain';
import type { ReactNode } from 'react';
import type { TranslationKey } from '../../lib/i18n';

export interface NavigationItem {
  to: string;
  labelKey: TranslationKey;
  icon: ReactNode;
  /** Only the exact path counts as active (the map at '/' would match everything otherwise). */
  end?: boolean;
  /** Shown only to this role and above. */
  requiredRole?: Role;
}

/** Spec §2: Map, Fleet, Rides, Reports, Settings; Admin only for superadmins (the only role it admits). */
const NAVIGATION: readonly NavigationItem[] = [
  { to: '/', labelKey: 'nav.map', icon: <MapIcon />, end: true },
  { to: '/fleet', labelKey: 'nav.fleet', icon: <DirectionsCarIcon /> },
  { to: '/rides', labelKey: 'nav.rides', icon: <RouteIcon /> },
  { to: '/charts', labelKey: 'nav.reports', icon: <BarChartIcon /> },
  { to: '/settings', labelKey: 'nav.settings', icon: <SettingsIcon /> },
  { to: '/admin', labelKey: 'nav.admin', icon: <AdminPanelSettingsIcon />, requiredRole: 'superadmin' },
];

export const navigationFor = (role: Role | null | undefined): NavigationItem[] =>
  NAVIGATION.filter((item) => !item.requiredRole || hasRole(role, item.requiredRole));
