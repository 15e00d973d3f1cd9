import { MAP, parseLatLng, type AdminDashboardView, type SiteView } from '@fairway/domain';
import { divIcon, latLngBounds, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import { BaseMap } from '../../../../components/map/BaseMap';
import { MapNotice } from '../../../../components/map/MapNotice';
import { MapOverlay } from '../../../../components/map/MapOverlay';
import { onlineShareLevel, SHARE_COLOURS } from '../lib/dashboard-series';

/** Spec §9: the admin dashboard's map shows one site at zoom 13 (the course and its surroundings). */
export const DASHBOARD_SITE_ZOOM = 13;
/** All Sites with none placed yet: Europe, where the clubs are. */
const FALLBACK_CENTER: [number, number] = [50, 10];

type Devices = AdminDashboardView['devices'];

/**
 * Puts the view on what is being looked at whenever that changes: one site at zoom 13, or every site's
 * marker fitted (never closer than zoom 13). Later answers for the same choice do not move the map under
 * the admin.
 */
function FitView({ viewKey, points, site }: { viewKey: string; points: [number, number][]; site: boolean }) {
  const map = useMap();
  const hasPoints = points.length > 0;
  useEffect(() => {
    const [first] = points;
    if (site && first) map.setView(first, DASHBOARD_SITE_ZOOM, { animate: false });
    else if (points.length > 1)
      map.fitBounds(latLngBounds(points), {
        padding: [MAP.fitPadding, MAP.fitPadding],
        maxZoom: DASHBOARD_SITE_ZOOM,
        animate: false,
      });
    else map.setView(first ?? FALLBACK_CENTER, first ? DASHBOARD_SITE_ZOOM : 3, { animate: false });
    // Only the choice (and whether there is anything to show yet) decides the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, viewKey, hasPoints]);
  return null;
}

/** A round dot in `colour` (an HTML marker: it takes keyboard focus and an accessible name, unlike a path). */
const dot = (colour: string, size: number) =>
  divIcon({
    className: 'fw-dashboard-dot',
    html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:50%;background:${colour};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.35)"></span>`,
    iconSize: [size + 4, size + 4],
    iconAnchor: [(size + 4) / 2, (size + 4) / 2],
  });

/** Leaflet builds the marker's element itself: the test hook and the accessible name go on it once added. */
const describe = (testId: string, label: string) => (event: LeafletEvent) => {
  const element = (event.target as LeafletMarker).getElement();
  element?.setAttribute('data-testid', testId);
  element?.setAttribute('aria-label', label);
};

function SiteMarker({ entry }: { entry: Devices['sites'][number] }) {
  const { t } = useTranslation();
  const position = parseLatLng(entry.centerLatLong);
  if (!position) return null;
  const level = onlineShareLevel(entry.online, entry.offline);
  const label = t('adminDashboard.map.site', {
    name: entry.name,
    online: entry.online,
    offline: entry.offline,
  });
  return (
    <Marker
      position={position}
      icon={dot(SHARE_COLOURS[level], 18)}
      keyboard
      eventHandlers={{ add: describe(`dashboard-site-marker-${entry._id}`, label) }}
    >
      <Tooltip>{label}</Tooltip>
    </Marker>
  );
}

function CartDot({ cart }: { cart: Devices['carts'][number] }) {
  const { t } = useTranslation();
  if (cart.lat === null || cart.lng === null) return null;
  const label = t(cart.online ? 'adminDashboard.map.cartOnline' : 'adminDashboard.map.cartOffline', {
    carNumber: cart.carNumber,
  });
  return (
    <Marker
      position={[cart.lat, cart.lng]}
      icon={dot(cart.online ? SHARE_COLOURS.good : SHARE_COLOURS.none, 12)}
      keyboard
      eventHandlers={{ add: describe(`dashboard-cart-marker-${cart._id}`, label) }}
    >
      <Tooltip>{label}</Tooltip>
    </Marker>
  );
}

export interface DashboardMapProps {
  devices: Devices;
  /** the site looked at, or null for All Sites */
  site: SiteView | null;
}

/**
 * The devices card's map (spec §2 Admin area): for All Sites a marker per site coloured by the share of its
 * carts online; for one site its carts, online green and offline grey, around the site at zoom 13. The tiles
 * may be unreachable; the markers stay and the map says so.
 */
export default function DashboardMap({ devices, site }: DashboardMapProps) {
  const { t } = useTranslation();
  const siteCenter = site ? parseLatLng(site.centerLatLong) : null;
  const sitePoints = devices.sites
    .map((entry) => parseLatLng(entry.centerLatLong))
    .filter((point) => point !== null);
  const points = site ? (siteCenter ? [siteCenter] : []) : sitePoints;
  return (
    <BaseMap
      center={points[0] ?? FALLBACK_CENTER}
      notices={({ unavailable }) =>
        unavailable && (
          <MapOverlay corner="bottom-left">
            <MapNotice testId="dashboard-tiles-unavailable">
              {t('adminDashboard.map.tilesUnavailable')}
            </MapNotice>
          </MapOverlay>
        )
      }
    >
      <FitView viewKey={site?._id ?? 'all'} points={points} site={site !== null} />
      {site
        ? devices.carts.map((cart) => <CartDot key={cart._id} cart={cart} />)
        : devices.sites.map((entry) => <SiteMarker key={entry._id} entry={entry} />)}
    </BaseMap>
  );
}
