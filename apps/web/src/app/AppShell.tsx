import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { NotificationHost } from '../components/NotificationHost';
import { AuthenticatedLayout } from './layouts/AuthenticatedLayout';
import { GuestLayout } from './layouts/GuestLayout';
import { SettingsMenu, SettingsTabs } from './layouts/SettingsMenu';
import { useRouteHandleValue, useRouteLayout } from '../lib/route-handle';

/** Keeps the document title in step with the page (route metadata `titleKey`). */
function DocumentTitle() {
  const { t } = useTranslation();
  const titleKey = useRouteHandleValue('titleKey');
  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · Fairway` : 'Fairway';
  }, [t, titleKey]);
  return null;
}

/**
 * The root route: picks the layout named by the deepest matched route (spec §2, default guest). The
 * Outlet stays at the same place in the tree for the authenticated and settings layouts, so moving
 * between them never remounts the page tree (and with it the live socket).
 */
export function AppShell() {
  const layout = useRouteLayout();
  return (
    <>
      {/* Spec §2: scroll to top on navigation (and back to the old position on Back). */}
      <ScrollRestoration />
      <DocumentTitle />
      <NotificationHost />
      {layout === 'guest' ? (
        <GuestLayout>
          <Outlet />
        </GuestLayout>
      ) : (
        <AuthenticatedLayout sideMenu={layout === 'settings' ? <SettingsMenu /> : null}>
          {layout === 'settings' && <SettingsTabs />}
          <Outlet />
        </AuthenticatedLayout>
      )}
    </>
  );
}
