import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import Button from '@mui/material/Button';
import type { SiteView } from '@fairway/domain';
import { divIcon, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../../../components/map/BaseMap';
import { MapNotice } from '../../../../components/map/MapNotice';
import { MapOverlay } from '../../../../components/map/MapOverlay';
import { parseCenter, latLongText } from '../lib/site-form';

/** Spec §9: the admin sites map opens at zoom 3, a continent in view. */
export const SITES_MAP_ZOOM = 3;
const FALLBACK_CENTER: [number, number] = [50, 10];

const pin = (staging: boolean) =>
  divIcon({
    className: 'fw-site-pin',
    html: `<svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true"><path fill="${
      staging ? '#757575' : '#2e7d32'
    }" stroke="#fff" stroke-width="1.5" d="M12 2C8.1 2 5 5.1 5 9c0 5.2 7 13 7 13s7-7.8 7-13c0-3.9-3.1-7-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z"/></svg>`,
    iconSize: [32, 32],
    iconAnchor: [16, 31],
  });

/** BaseMap opens at the live map's zoom; this map shows every site, so it steps out to zoom 3 once. */
function OpenAtSitesZoom({ center }: { center: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    map.setView(center, SITES_MAP_ZOOM, { animate: false });
    // Only when the map opens: later the admin pans and zooms freely.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}

/** Centres the map on a site the table asked for ('lat, long' text: stable from one render to the next). */
function FlyToSite({ centerLatLong }: { centerLatLong: string | null }) {
  const map = useMap();
  useEffect(() => {
    const target = centerLatLong === null ? null : parseCenter(centerLatLong);
    if (target) map.setView(target, Math.max(map.getZoom(), 12));
  }, [map, centerLatLong]);
  return null;
}

/** A click on the map (not on a pin) offers a new site there. */
function PickNewSite({ onPick }: { onPick: (centerLatLong: string) => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<[number, number] | null>(null);
  useMapEvents({ click: (event) => setPicked([event.latlng.lat, event.latlng.lng]) });
  if (!picked) return null;
  return (
    <Popup position={picked} eventHandlers={{ remove: () => setPicked(null) }}>
      <Button
        size="small"
        startIcon={<AddLocationAltIcon />}
        onClick={() => {
          onPick(latLongText(picked[0], picked[1]));
          setPicked(null);
        }}
        data-testid="sites-map-add-here"
      >
        {t('adminSites.map.addHere')}
      </Button>
    </Popup>
  );
}

function SitePin({ site, onSelect }: { site: SiteView; onSelect: (siteId: string) => void }) {
  const { t } = useTranslation();
  const position = parseCenter(site.centerLatLong);
  if (!position) return null;
  const label = t('adminSites.map.pinLabel', { name: site.name });
  // Leaflet builds the pin's element itself: the test hook and the accessible name go on it when it appears.
  const describe = (event: LeafletEvent) => {
    const element = (event.target as LeafletMarker).getElement();
    element?.setAttribute('data-testid', `site-pin-${site._id}`);
    element?.setAttribute('aria-label', label);
  };
  return (
    <Marker
      position={position}
      icon={pin(site.staging)}
      title={label}
      alt={label}
      keyboard
      eventHandlers={{ add: describe, click: () => onSelect(site._id) }}
    />
  );
}

interface SitesMapProps {
  sites: readonly SiteView[];
  /** a pin was clicked: the table shows that site */
  onSelect: (siteId: string) => void;
  /** the map was clicked and 'Add a site here' chosen */
  onPick: (centerLatLong: string) => void;
  /** a site whose pin the map should centre on */
  focus?: string | null;
  controls?: ReactNode;
}

/**
 * The Sites Map (spec §2 Site Manager): a pin per site on the street or satellite tiles the live map uses.
 * Tiles come from the server's config and may be unreachable; the pins and the page stay usable then.
 */
export function SitesMap({ sites, onSelect, onPick, focus = null, controls }: SitesMapProps) {
  const { t } = useTranslation();
  const centres = sites.map((site) => parseCenter(site.centerLatLong)).filter((c) => c !== null);
  const center: [number, number] = centres[0] ?? FALLBACK_CENTER;
  const focused = sites.find((site) => site._id === focus)?.centerLatLong ?? null;
  return (
    <BaseMap
      center={center}
      controls={controls}
      notices={({ unavailable }) =>
        unavailable && (
          <MapOverlay corner="bottom-left">
            <MapNotice testId="sites-map-tiles-unavailable">{t('adminSites.map.tilesUnavailable')}</MapNotice>
          </MapOverlay>
        )
      }
    >
      <OpenAtSitesZoom center={center} />
      <FlyToSite centerLatLong={focused} />
      {sites.map((site) => (
        <SitePin key={site._id} site={site} onSelect={onSelect} />
      ))}
      <PickNewSite onPick={onPick} />
    </BaseMap>
  );
}
