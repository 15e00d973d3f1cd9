// Loaded with the map page's first render, so the map created afterwards gets Geoman's `map.pm` even if
// the editor itself is split off and loaded later.
import '../lib/geoman';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { MapOverlay } from '../../../components/map/MapOverlay';
import { useZones } from '../api/get-zones';
import { useMapZoom } from '../lib/use-map-zoom';
import { useZoneEditorOpen } from '../lib/zone-editor-state';
import { useLiveZones } from '../use-live-zones';
import { ZonePolygon } from './ZonePolygon';

/**
 * The site's zones on the live map (colours, opacity and zoom-scaled outline of spec §9), kept current by
 * the socket. Rendered inside the MapContainer; steps aside while the zone editor draws them itself. No
 * zones and still loading both simply show no zones: the map is usable either way.
 */
export function ZonesLayer({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const zones = useZones(siteId);
  const zoom = useMapZoom();
  const editing = useZoneEditorOpen();
  useLiveZones(siteId);

  if (zones.isError) {
    return (
      <MapOverlay corner="bottom-right">
        <Alert
          severity="warning"
          variant="outlined"
          sx={{ bgcolor: 'background.paper', py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={() => void zones.refetch()}>
              {t('common.retry')}
            </Button>
          }
          data-testid="zones-load-failed"
        >
          {t('zones.loadFailed')}
        </Alert>
      </MapOverlay>
    );
  }
  if (editing || !zones.data) return null;
  return zones.data.map((zone) => <ZonePolygon key={zone._id} zone={zone} zoom={zoom} />);
}
