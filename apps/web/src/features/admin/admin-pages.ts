import type { ComponentType } from 'react';
import type { AdminSection } from './admin-sections';

/** Each admin section's page, loaded when its tab is opened. */
export const ADMIN_PAGES: Record<AdminSection, () => Promise<ComponentType>> = {
  dashboard: async () => (await import('./dashboard/AdminDashboardPage')).AdminDashboardPage,
  devices: async () => (await import('./devices/DevicesPage')).DevicesPage,
  users: async () => (await import('./users/UsersPage')).UsersPage,
  invites: async () => (await import('./invites/InvitesPage')).InvitesPage,
  sites: async () => (await import('./sites/SitesPage')).SitesPage,
  clients: async () => (await import('./clients/ClientsPage')).ClientsPage,
  activity: async () => (await import('./activity/ActivityPage')).ActivityPage,
};
