import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminDashboardView, SiteView } from '@fairway/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../usage';
import { SHARE_COLOURS, type OnlineShareLevel } from '../lib/dashboard-series';
import { DashboardCard } from './DashboardCard';

// Leaflet loads with the map, after the figures: a slow or failing map never holds the card back.
const DashboardMap = lazy(() => import('./DashboardMap'));

const MAP_HEIGHT = { xs: 260, md: 340 };

const LEVELS: readonly OnlineShareLevel[] = ['good', 'partial', 'poor', 'none'];

function Legend({ site }: { site: boolean }) {
  const { t } = useTranslation();
  const items = site
    ? [
        { key: 'online', colour: SHARE_COLOURS.good, text: t('adminDashboard.map.legend.online') },
        { key: 'offline', colour: SHARE_COLOURS.none, text: t('adminDashboard.map.legend.offline') },
      ]
    : LEVELS.map((level) => ({
        key: level,
        colour: SHARE_COLOURS[level],
        text: t(`adminDashboard.map.legend.${level}`),
      }));
  return (
    <Stack
      component="ul"
      direction="row"
      useFlexGap
      aria-label={t('adminDashboard.map.legend.label')}
      sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, p: 0, listStyle: 'none' }}
    >
      {items.map((item) => (
        <Stack component="li" key={item.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: item.colour }} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {item.text}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Devices online and offline now, with the map (spec §2 Admin area). */
export function DevicesCard({
  answer,
  site,
  stale,
}: {
  answer: AdminDashboardView | null;
  site: SiteView | null;
  stale: boolean;
}) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.resolvedLanguage);
  const devices = answer?.devices;
  return (
    <DashboardCard
      testId="dashboard-devices"
      title={t('adminDashboard.devices.title')}
      figure={
        devices
          ? t('adminDashboard.devices.figure', {
              online: count(devices.online),
              offline: count(devices.offline),
            })
          : null
      }
      note={t('adminDashboard.devices.note')}
      stale={stale}
    >
      <Box
        sx={{ height: MAP_HEIGHT, borderRadius: 1, overflow: 'hidden', isolation: 'isolate' }}
        data-testid="dashboard-map"
      >
        {devices ? (
          <Suspense fallback={<Skeleton variant="rectangular" height="100%" />}>
            <DashboardMap devices={devices} site={site} />
          </Suspense>
        ) : (
          <Skeleton variant="rectangular" height="100%" />
        )}
      </Box>
      <Legend site={site !== null} />
    </DashboardCard>
  );
}
