import EventBusyIcon from '@mui/icons-material/EventBusy';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import type { ReportRange } from '../../reports';
import { useRidesList } from '../use-rides-list';
import { RideCard } from './RideCard';
import { RideCardSkeletons } from './RideCardSkeletons';
import { RideRangeToggle } from './RideRangeToggle';
import { RidesPager } from './RidesPager';
import { RidesSearch } from './RidesSearch';

interface RidesListPaneProps {
  siteId: string;
  /** null while the site (and with it its time zone) loads */
  range: ReportRange | null;
  selectedId: string | null;
  onToggle: (rideId: string) => void;
}

/** The left pane of spec §2 Rides: title and count, period, search, the cards and the pager. */
export function RidesListPane({ siteId, range, selectedId, onToggle }: RidesListPaneProps) {
  const { t } = useTranslation();
  if (!range) {
    return (
      <Stack spacing={2} sx={{ p: 2 }}>
        <Typography component="h1" variant="h5">
          {t('rides.title')}
        </Typography>
        <Skeleton variant="rounded" height={36} />
        <Skeleton variant="rounded" height={40} />
        <RideCardSkeletons />
      </Stack>
    );
  }
  return <RidesList siteId={siteId} range={range} selectedId={selectedId} onToggle={onToggle} />;
}

function RidesList({ siteId, range, selectedId, onToggle }: RidesListPaneProps & { range: ReportRange }) {
  const { t, i18n } = useTranslation();
  const list = useRidesList(siteId, range);
  const { rides } = list;
  const page = rides.data;
  // A page answered for other parameters (the previous page, period or search) is not shown as cards:
  // they would be clicked for what they are not. The count and the pager stay meanwhile.
  const waitingForPage = !page || (rides.isPlaceholderData && rides.isFetching);
  const total = page?.pagination.totalItems;

  let body;
  if (rides.isError && !rides.isFetching) {
    body = (
      <ErrorState
        error={rides.error}
        onRetry={() => void rides.refetch()}
        title={t('rides.list.loadFailed')}
      />
    );
  } else if (waitingForPage) {
    body = <RideCardSkeletons />;
  } else if (page.data.length === 0) {
    body = list.appliedSearch ? (
      <EmptyState
        size="pane"
        icon={<SearchOffIcon />}
        title={t('rides.list.noMatch.title', { search: list.appliedSearch })}
        description={t('rides.list.noMatch.hint')}
      />
    ) : (
      <EmptyState
        size="pane"
        icon={<EventBusyIcon />}
        title={t('rides.list.empty.title')}
        description={t('rides.list.empty.hint')}
      />
    );
  } else {
    body = (
      <Box
        component="ul"
        aria-label={t('rides.list.label')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {page.data.map((ride) => (
          <RideCard
            key={ride._id}
            ride={ride}
            timeZone={range.timeZone}
            selected={ride._id === selectedId}
            onToggle={onToggle}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack spacing={1.5} sx={{ p: 2, pb: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
            {t('rides.title')}
          </Typography>
          {total !== undefined && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="rides-count">
              {t('rides.count', { total: new Intl.NumberFormat(i18n.resolvedLanguage).format(total) })}
            </Typography>
          )}
        </Stack>
        <RideRangeToggle range={range} />
        <RidesSearch
          search={list.search}
          onSearchChange={list.setSearch}
          field={list.searchField}
          onFieldChange={list.setSearchField}
        />
      </Stack>
      {/* Cards in view stay while a live update refreshes them; this bar says so. */}
      <Box sx={{ height: 4, flexShrink: 0 }}>
        {rides.isFetching && !waitingForPage && <LinearProgress aria-label={t('rides.updating')} />}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 2, py: 1 }}>{body}</Box>
      {page && page.pagination.totalPages > 1 && (
        <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider', flexShrink: 0 }}>
          <RidesPager page={list.page} pageCount={page.pagination.totalPages} onPageChange={list.setPage} />
        </Box>
      )}
    </Box>
  );
}
