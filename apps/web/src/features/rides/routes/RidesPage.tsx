import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { hasRole } from '@fairway/domain';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { useSelectedSiteId } from '../../../lib/selected-site';
import { useCurrentRole } from '../../auth';
import { useReportRange } from '../../reports';
import { NoRideSelected } from '../components/NoRideSelected';
import { RideDetailPane } from '../components/RideDetailPane';
import { RidesListPane } from '../components/RidesListPane';
import { useLiveRides } from '../live/use-live-rides';
import { useRideSelection } from '../use-ride-selection';

/**
 * /rides (spec §2 Rides): the list on the left (about a third of the width), the chosen ride on the right.
 * On a phone only one shows: the list, or the chosen ride full width with a way back.
 */
export function RidesPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  const { clear } = useRideSelection();

  // A ride belongs to its site: switching site closes the open one (its id means nothing at the new club).
  const previousSite = useRef(siteId);
  useEffect(() => {
    if (previousSite.current === siteId) return;
    previousSite.current = siteId;
    clear();
  }, [siteId, clear]);

  if (!siteId) {
    return (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  }
  // Keyed by site: the page, search and resolution chosen belong to the site they were chosen on.
  return <SiteRides key={siteId} siteId={siteId} />;
}

function SiteRides({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  useLiveRides(siteId);
  const range = useReportRange();
  const role = useCurrentRole();
  const { selectedId, toggle, clear } = useRideSelection();
  const oneAtATime = useMediaQuery(useTheme().breakpoints.down('md'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastSelected = useRef<string | null>(null);

  // On a phone the focused card disappears with the list: take focus to the ride's heading, and back to the
  // card when the list returns, so a keyboard or screen-reader user is never left on nothing.
  useEffect(() => {
    if (!oneAtATime) {
      lastSelected.current = selectedId;
      return;
    }
    if (selectedId) {
      headingRef.current?.focus();
    } else if (lastSelected.current) {
      document.querySelector<HTMLElement>(`[data-ride-id="${lastSelected.current}"] button`)?.focus();
    }
    lastSelected.current = selectedId;
  }, [selectedId, oneAtATime]);

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Box
        sx={{
          display: { xs: selectedId ? 'none' : 'flex', md: 'flex' },
          flexDirection: 'column',
          width: { xs: '100%', md: '33.333%' },
          minWidth: { md: 340 },
          maxWidth: { md: 520 },
          flexShrink: 0,
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
          bgcolor: 'background.paper',
        }}
      >
        <RidesListPane siteId={siteId} range={range} selectedId={selectedId} onToggle={toggle} />
      </Box>
      <Box
        component="section"
        aria-label={t('rides.detail.label')}
        sx={{
          display: { xs: selectedId ? 'flex' : 'none', md: 'flex' },
          flexDirection: 'column',
          flex: 1,
          minWidth: 0,
          overflowY: 'auto',
        }}
      >
        {selectedId ? (
          <RideDetailPane
            // A pane per ride: its resolution switch and its map start afresh.
            key={selectedId}
            siteId={siteId}
            rideId={selectedId}
            timeZone={range?.timeZone ?? null}
            canAct={hasRole(role, 'user')}
            isAdmin={hasRole(role, 'admin')}
            onClose={clear}
            headingRef={headingRef}
          />
        ) : (
          <NoRideSelected />
        )}
      </Box>
    </Box>
  );
}
