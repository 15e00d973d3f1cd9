import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { MapButton } from '../../../components/map/MapButton';
import type { LatLngTuple } from '../lib/marker-animation';
import { showFleet } from './MapFollowers';

/** Back to the whole fleet, or the site's centre before any cart reports (spec §2 Map: recenter). */
export function RecenterButton({
  center,
  positions,
}: {
  center: LatLngTuple;
  positions: readonly LatLngTuple[];
}) {
  const { t } = useTranslation();
  const map = useMap();
  return (
    <MapButton
      label={t('map.recenter')}
      icon={<CenterFocusStrongIcon />}
      onClick={() => showFleet(map, center, positions)}
    />
  );
}
