import { Outlet, useLoaderData } from 'react-router';
import { DamageReportAlerts } from '../features/damage-reports';
import { ConnectionStatusAlert } from '../features/realtime/ConnectionStatusAlert';
import { SocketController } from '../features/realtime/SocketController';
import { useLostSiteRecovery } from '../features/sites/use-lost-site-recovery';
import { useSelectedSiteId } from '../lib/selected-site';
import type { AuthenticatedLoaderData } from './guards';

/** The element of the authenticated route: live connection for the selected site around every page. */
export function SessionRoute() {
  const loaderData = useLoaderData<AuthenticatedLoaderData>();
  useLostSiteRecovery();
  // The selector changes the site without a navigation; the store follows it at once.
  const siteId = useSelectedSiteId() ?? loaderData.siteId;
  return (
    <>
      <SocketController siteId={siteId} />
      <ConnectionStatusAlert />
      <DamageReportAlerts siteId={siteId} />
      <Outlet />
    </>
  );
}
