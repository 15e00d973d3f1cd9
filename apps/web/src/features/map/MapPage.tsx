import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './map.css';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden';
import { SiteMap } from './components/SiteMap';

/**
 * `/`: the live map of the selected site. Switching site starts a fresh page for the new club (its own
 * selection, list choice and trails); the page stays usable without map tiles (offline, blocked provider).
 */
export function MapPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  if (!siteId) {
    return (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  }
  // The map is the page: its heading is for screen readers (and the page's outline), not for the eye.
  return (
    <>
      <Typography variant="h1" sx={VISUALLY_HIDDEN}>
        {t('nav.map')}
      </Typography>
      <SiteMap key={siteId} siteId={siteId} />
    </>
  );
}
