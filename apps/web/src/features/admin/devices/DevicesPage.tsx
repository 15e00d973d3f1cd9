import DownloadIcon from '@mui/icons-material/Download';
import MemoryIcon from '@mui/icons-material/Memory';
import SearchIcon from '@mui/icons-material/Search';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import RouterIcon from '@mui/icons-material/Router';
import { COMMAND_CODES, type AdminDeviceView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notifications';
import { useNow } from '../../../lib/use-now';
import { AdminPageHeader } from '../components/AdminPageHeader';
import { AdminPager } from '../components/AdminPager';
import { RefreshButton } from '../components/RefreshButton';
import { useExportDevices } from './api/export-devices';
import { useAdminDevices } from './api/get-admin-devices';
import { usePingDevice } from './api/ping-device';
import { BulkActionsMenu } from './components/BulkActionsMenu';
import { ColumnChooser } from './components/ColumnChooser';
import type { DeviceRowActions } from './components/DeviceRow';
import { DevicesTable } from './components/DevicesTable';
import { FindDeviceDialog } from './components/FindDeviceDialog';
import { ReplaceDeviceDialog } from './components/ReplaceDeviceDialog';
import { SitesSummary } from './components/SitesSummary';
import { FirmwareManagerDialog } from './firmware/FirmwareManagerDialog';
import { PushFirmwareDialog } from './firmware/PushFirmwareDialog';
import { readShownColumns, writeShownColumns, type DeviceColumn } from './lib/device-columns';
import { DevicePanel } from './panel/DevicePanel';
import { SimDialog } from './sim/SimDialog';
import { fromPagerSize, toPagerSize, useDeviceList } from './use-device-list';
import { useDeviceRooms } from './use-device-rooms';
import { useDialogSubject } from '../../../lib/use-dialog-subject';

/** Ping ages and online states move with the clock. */
const CLOCK_REFRESH_MS = 15_000;

/**
 * /admin/devices: the Device Manager (spec §2 Admin area → Devices; superadmin). Every tracker of the
 * platform, paged, sorted and searched by the server, live through the rooms of the sites in view, with
 * the bulk actions, find, export, replace and the side panel.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const list = useDeviceList();
  const devices = useAdminDevices(list.query);
  const rows = devices.data?.data;
  const now = useNow(CLOCK_REFRESH_MS);
  const [columns, setColumns] = useState<DeviceColumn[]>(readShownColumns);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [panelDevice, setPanelDevice] = useState<AdminDeviceView | null>(null);
  const [findOpen, setFindOpen] = useState(false);
  // Each opening of Find Device starts empty.
  const [findKey, setFindKey] = useState(0);
  const [firmwareOpen, setFirmwareOpen] = useState(false);
  const [pushIds, setPushIds] = useState<string[]>([]);
  const sim = useDialogSubject<AdminDeviceView>();
  const replace = useDialogSubject<AdminDeviceView>();
  const exporter = useExportDevices();
  const { mutate: sendPing } = usePingDevice();

  const siteIds = useMemo(() => [...new Set((rows ?? []).map((device) => device.siteID))], [rows]);
  useDeviceRooms(siteIds);

  // Only trackers on the page in view count as selected: an action never reaches a row out of sight.
  const selected = useMemo(() => (rows ?? []).filter((device) => ticked.has(device._id)), [rows, ticked]);
  const allSelected = rows !== undefined && rows.length > 0 && selected.length === rows.length;

  // The panel shows the tracker as the list now has it (live pushes, a refresh) when it is on the page.
  const current = (device: AdminDeviceView | null) =>
    device && (rows?.find((row) => row._id === device._id) ?? device);

  const onSound = useCallback(
    (device: AdminDeviceView) =>
      sendPing(
        { deviceId: device._id, command: COMMAND_CODES.soundDevice },
        {
          onSuccess: (outcome) =>
            outcome.command.state === 'acknowledged'
              ? showToast(t('adminDevices.sound.done', { serial: device.serial }), 'success')
              : showToast(t('adminDevices.sound.sent', { serial: device.serial }), 'info'),
          onError: (error) =>
            showToast(error instanceof ApiError ? error.message : t('adminDevices.sound.failed'), 'error'),
        },
      ),
    [sendPing, t],
  );
  const actions = useMemo<DeviceRowActions>(
    () => ({
      onOpen: setPanelDevice,
      onToggle: (deviceId) =>
        setTicked((previous) => {
          const next = new Set(previous);
          if (!next.delete(deviceId)) next.add(deviceId);
          return next;
        }),
      onSim: sim.show,
      onReplace: replace.show,
      onSound,
    }),
    [sim.show, replace.show, onSound],
  );

  const exportCsv = () => {
    const { q, siteId, sort, dir } = list.query;
    exporter.mutate(
      { q, siteId, sort, dir },
      {
        onError: (error) =>
          showToast(error instanceof ApiError ? error.message : t('adminDevices.export.failed'), 'error'),
      },
    );
  };

  let body;
  if (devices.isError && !devices.data) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={devices.error}
          onRetry={() => void devices.refetch()}
          title={t('adminDevices.loadFailed')}
        />
      </Box>
    );
  } else if (devices.data && devices.data.pagination.totalItems === 0) {
    const filtered = list.q !== '' || list.siteId !== undefined;
    body = (
      <EmptyState
        size="pane"
        icon={filtered ? <SearchIcon /> : <RouterIcon />}
        title={filtered ? t('adminDevices.empty.noMatchTitle') : t('adminDevices.empty.title')}
        description={
          filtered ? t('adminDevices.empty.noMatchHint', { query: list.q }) : t('adminDevices.empty.hint')
        }
      />
    );
  } else {
    const pagination = devices.data?.pagination;
    body = (
      <>
        <DevicesTable
          devices={rows}
          columns={columns}
          sort={list.query.sort}
          dir={list.query.dir}
          onSort={list.setSort}
          isSelected={(id) => ticked.has(id)}
          allSelected={allSelected}
          someSelected={selected.length > 0 && !allSelected}
          onToggleAll={() => setTicked(allSelected ? new Set() : new Set((rows ?? []).map((d) => d._id)))}
          now={now}
          actions={actions}
        />
        {pagination && (
          <AdminPager
            totalLabel={t('adminDevices.total', { total: pagination.totalItems })}
            page={pagination.currentPage}
            pageCount={Math.max(1, pagination.totalPages)}
            pageSize={toPagerSize(list.pageSize)}
            onPageChange={list.setPage}
            onPageSizeChange={(size) => list.setPageSize(fromPagerSize(size))}
            testId="devices-pager"
          />
        )}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <AdminPageHeader
        title={t('adminDevices.title')}
        subtitle={t('adminDevices.subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<MemoryIcon />}
            onClick={() => setFirmwareOpen(true)}
            data-testid="devices-firmware-manager"
          >
            {t('adminDevices.firmwareManager')}
          </Button>
        }
      />
      {devices.data && (
        <SitesSummary sites={devices.data.sites} siteId={list.siteId} onSiteChange={list.setSiteId} />
      )}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', p: 2 }}>
          <TextField
            size="small"
            type="search"
            value={list.search}
            onChange={(event) => list.setSearch(event.target.value)}
            placeholder={t('adminDevices.search.placeholder')}
            sx={{ flex: '1 1 240px', minWidth: 0, maxWidth: 420 }}
            slotProps={{
              htmlInput: {
                'aria-label': t('adminDevices.search.label'),
                'data-testid': 'devices-search',
                maxLength: 100,
              },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', ml: 'auto' }}
          >
            <RefreshButton
              refreshing={devices.isFetching}
              onRefresh={() => void devices.refetch()}
              testId="devices-refresh"
            />
            <Button
              startIcon={<TravelExploreIcon />}
              onClick={() => {
                setFindKey((key) => key + 1);
                setFindOpen(true);
              }}
              data-testid="devices-find"
            >
              {t('adminDevices.find.button')}
            </Button>
            <Button
              startIcon={<DownloadIcon />}
              onClick={exportCsv}
              disabled={exporter.isPending}
              data-testid="devices-export"
            >
              {t('adminDevices.export.button')}
            </Button>
            <ColumnChooser
              shown={columns}
              onChange={(next) => {
                writeShownColumns(next);
                setColumns(next);
              }}
            />
            <BulkActionsMenu selected={selected} onFirmware={setPushIds} />
          </Stack>
        </Stack>
        {/* A refresh keeps the rows in view; this bar says new ones are coming. */}
        <Box sx={{ height: 4 }}>
          {devices.isFetching && devices.data && <LinearProgress aria-label={t('adminDevices.loading')} />}
        </Box>
        {body}
      </Paper>

      <DevicePanel device={current(panelDevice)} onClose={() => setPanelDevice(null)} />
      <SimDialog device={sim.open && sim.subject ? current(sim.subject.value) : null} onClose={sim.close} />
      {replace.subject && (
        <ReplaceDeviceDialog
          key={replace.subject.version}
          open={replace.open}
          device={replace.subject.value}
          onClose={replace.close}
        />
      )}
      <FindDeviceDialog
        key={findKey}
        open={findOpen}
        onClose={() => setFindOpen(false)}
        onFound={setPanelDevice}
      />
      <FirmwareManagerDialog open={firmwareOpen} onClose={() => setFirmwareOpen(false)} />
      <PushFirmwareDialog deviceIds={pushIds} open={pushIds.length > 0} onClose={() => setPushIds([])} />
    </Stack>
  );
}
