import NoTransferIcon from '@mui/icons-material/NoTransfer';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import WrongLocationIcon from '@mui/icons-material/WrongLocation';
import { effectiveAutoLockMinutes, hasRole, maySeeCodes, type CartView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useNow } from '../../lib/use-now';
import { useCurrentRole } from '../auth';
import { useOpenReportCounts } from '../damage-reports';
import { OverdueFilterChip, useOverdueCarts } from '../overrun';
import { useSiteCarts } from '../realtime';
import { useSite } from '../sites';
import { CartModal } from './cart/CartModal';
import { CartSidebar } from './cart/CartSidebar';
import type { FleetCartContext } from './components/fleet-cart-context';
import { FleetGrid } from './components/FleetGrid';
import { FleetHeader } from './components/FleetHeader';
import { FleetPagination } from './components/FleetPagination';
import { FleetSkeleton } from './components/FleetSkeleton';
import { FleetTable } from './components/FleetTable';
import { FleetToolbar } from './components/FleetToolbar';
import { LockScheduleBanner } from './components/LockScheduleBanner';
import { useFleetList } from './use-fleet-list';
import { useFleetView } from './use-fleet-preferences';

/** Last seen times and the auto-lock countdown refresh every 30 s (spec §2 Fleet). */
const CLOCK_REFRESH_MS = 30_000;

/** `/fleet`: every cart of the selected site, live, with bulk actions and each cart's details. */
export function FleetPage() {
  const { t } = useTranslation();
  const siteId = useSelectedSiteId();
  if (!siteId) {
    return (
      <EmptyState icon={<WrongLocationIcon />} title={t('site.noneTitle')} description={t('site.noneHint')} />
    );
  }
  // Keyed by site: search, selection and open cart belong to the site they were made on.
  return <SiteFleet key={siteId} siteId={siteId} />;
}

function SiteFleet({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const site = useSite(siteId);
  const { carts, cartsById, loaded, error, retry } = useSiteCarts(siteId);
  const role = useCurrentRole();
  const now = useNow(CLOCK_REFRESH_MS);
  const [view, setView] = useFleetView();
  const [sidebarCartId, setSidebarCartId] = useState<string | null>(null);
  const [modalCartId, setModalCartId] = useState<string | null>(null);

  // Rides past their service and the grace (issue 23): the badge, the "Overdue" filter and the toasts.
  const overdue = useOverdueCarts(siteId, carts);
  // Guests' open problem reports per cart (issue 23), for users and up (who may read them).
  const openReportCounts = useOpenReportCounts(siteId, hasRole(role, 'user'));
  const [overdueOnly, setOverdueOnly] = useState(false);
  const listed = useMemo(
    () => (overdueOnly ? carts.filter((cart) => overdue.has(cart._id)) : carts),
    [carts, overdue, overdueOnly],
  );
  const list = useFleetList(listed);

  const cartById = (cartId: string | null): CartView | null => (cartId ? (cartsById[cartId] ?? null) : null);
  const sidebarCart = cartById(sidebarCartId);
  const takenCarNumbers = useMemo(
    () =>
      new Set(
        carts.flatMap((cart) =>
          cart._id !== sidebarCartId && cart.carNumber !== null ? [cart.carNumber] : [],
        ),
      ),
    [carts, sidebarCartId],
  );
  // What the server's auto-lock job holds this site's carts to (0 on a site that is not keyless).
  const autoLockMinutes = site.data ? effectiveAutoLockMinutes(site.data) : 0;

  // Memoised: rows are memoised too, so a cart's live update re-renders its own row only.
  const context = useMemo<FleetCartContext>(
    () => ({
      autoLockMinutes,
      now,
      showSignalValue: hasRole(role, 'admin'),
      showCodes: maySeeCodes(role),
      overdueCartIds: overdue,
      openReportCounts,
      onOpen: hasRole(role, 'user') ? (cart) => setSidebarCartId(cart._id) : null,
      onQuickActions: hasRole(role, 'basic') ? (cart) => setModalCartId(cart._id) : null,
    }),
    [autoLockMinutes, now, role, overdue, openReportCounts],
  );

  const content = !loaded ? (
    error ? (
      <Box sx={{ p: 2 }}>
        <ErrorState error={error} onRetry={retry} title={t('fleet.loadFailed')} />
      </Box>
    ) : (
      <FleetSkeleton />
    )
  ) : carts.length === 0 ? (
    <EmptyState
      icon={<NoTransferIcon />}
      title={t('fleet.empty.title')}
      description={t('fleet.empty.hint')}
    />
  ) : list.found.length === 0 && overdueOnly && list.appliedQuery.trim() === '' ? (
    <EmptyState icon={<ScheduleIcon />} title={t('overrun.noneTitle')} description={t('overrun.noneHint')} />
  ) : list.found.length === 0 ? (
    <EmptyState
      icon={<SearchOffIcon />}
      title={t('fleet.empty.noMatches')}
      description={t('fleet.empty.noMatchesHint', { query: list.appliedQuery })}
    />
  ) : (
    <>
      {view === 'table' ? (
        <FleetTable carts={list.pageCarts} selection={list.selection} context={context} />
      ) : (
        <FleetGrid carts={list.pageCarts} selection={list.selection} context={context} />
      )}
      <FleetPagination
        total={list.found.length}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
      />
    </>
  );

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 } }}>
      <FleetHeader />
      {site.isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : site.isError ? (
        <ErrorState
          error={site.error}
          onRetry={() => void site.refetch()}
          title={t('fleet.siteLoadFailed')}
        />
      ) : (
        <LockScheduleBanner site={site.data} />
      )}
      <Paper variant="outlined">
        <FleetToolbar
          query={list.query}
          onQueryChange={list.setQuery}
          view={view}
          onViewChange={setView}
          found={list.found.length}
          total={carts.length}
          selected={list.selection.selected}
          role={role}
          filters={<OverdueFilterChip count={overdue.size} on={overdueOnly} onChange={setOverdueOnly} />}
        />
        {content}
      </Paper>
      <CartSidebar
        cart={sidebarCart}
        siteId={siteId}
        role={role}
        autoLockMinutes={autoLockMinutes}
        now={now}
        takenCarNumbers={takenCarNumbers}
        onClose={() => setSidebarCartId(null)}
      />
      <CartModal
        cart={cartById(modalCartId)}
        siteId={siteId}
        role={role}
        now={now}
        onOpenDetails={(cart) => {
          setModalCartId(null);
          setSidebarCartId(cart._id);
        }}
        onClose={() => setModalCartId(null)}
      />
    </Stack>
  );
}
