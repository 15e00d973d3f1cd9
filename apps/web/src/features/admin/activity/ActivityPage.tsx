import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { browserTimeZone } from '../../../lib/calendar-days';
import { useAdminSites } from '../components/api/get-admin-sites';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { useSiteCarts } from './api/get-admin-carts';
import { useActivity } from './api/get-activity';
import { ActivityFilters } from './components/ActivityFilters';
import { ActivityLog } from './components/ActivityLog';
import { ActivityPager } from './components/ActivityPager';
import { ClearLogButton } from './components/ClearLogButton';
import { LogPanel } from './components/LogPanel';
import { useActivityFilters } from './use-activity-filters';
import { useLogTheme } from './use-log-theme';

function LoadingRows() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-busy="true" data-testid="activity-loading">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={36} />
      ))}
    </Stack>
  );
}

/**
 * The activity viewer (spec §2 Admin → Activity, superadmin): what the carts and the platform logged
 * (docs/activity-log.md), newest first, a page at a time from the server, filtered by site, cart, dates
 * (whole days on this browser's calendar) and text; Clear log for a cart or a site; a light or dark log.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const sites = useAdminSites();
  const { filters, change, params, setPage, setLimit } = useActivityFilters(browserTimeZone());
  const activity = useActivity(params);
  const carts = useSiteCarts(filters.siteId);
  const [look, setLook] = useLogTheme();
  const sortedSites = useMemo(
    () => [...(sites.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [sites.data],
  );
  const site = sortedSites.find((candidate) => candidate._id === filters.siteId) ?? null;
  const cart = carts.data?.find((candidate) => candidate._id === filters.deviceId) ?? null;
  const filtered = params.deviceId ?? params.siteId ?? params.startDate ?? params.endDate ?? params.q;

  let log;
  if (activity.isError && !activity.data)
    log = <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (!activity.data) log = <LoadingRows />;
  else if (activity.data.data.length === 0)
    log = (
      <EmptyState
        size="pane"
        icon={<ManageSearchIcon />}
        title={t('adminActivity.empty.title')}
        description={t(filtered ? 'adminActivity.empty.filtered' : 'adminActivity.empty.none')}
      />
    );
  else
    log = (
      <>
        <ActivityLog entries={activity.data.data} label={t('adminActivity.logLabel')} />
        <ActivityPager
          total={activity.data.pagination.totalItems}
          page={params.page}
          limit={params.limit}
          onPageChange={setPage}
          onLimitChange={setLimit}
        />
      </>
    );

  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Stack spacing={2.5}>
        <AdminPageHeader
          title={t('adminActivity.title')}
          subtitle={t('adminActivity.subtitle')}
          action={
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={look === 'dark'}
                    onChange={(event) => setLook(event.target.checked ? 'dark' : 'light')}
                    slotProps={{ input: { 'data-testid': 'activity-dark' } as object }}
                  />
                }
                label={t('adminActivity.darkLog')}
              />
              <ClearLogButton site={site} cart={cart} />
            </Stack>
          }
        />
        {sites.isError && <ErrorState error={sites.error} onRetry={() => void sites.refetch()} />}
        <ActivityFilters sites={sortedSites} filters={filters} onChange={change} />
        <LogPanel look={look}>
          <div
            aria-busy={activity.isPlaceholderData || undefined}
            style={{ opacity: activity.isPlaceholderData ? 0.6 : 1 }}
          >
            {activity.isError && activity.data && (
              <ErrorState
                title={t('adminActivity.refreshFailed')}
                error={activity.error}
                onRetry={() => void activity.refetch()}
              />
            )}
            {log}
          </div>
        </LogPanel>
      </Stack>
    </Container>
  );
}
