import type { AdminDeviceSort, AdminDeviceView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonRows } from '../../components/SkeletonRows';
import { SORT_OF, type DeviceColumn } from '../lib/device-columns';
import { DeviceRow, type DeviceRowActions } from './DeviceRow';

/** From this many rows (the 'All' page of a large platform) only the rows in view are rendered. */
export const VIRTUAL_FROM = 150;
/** The virtualised rows' fixed height (one line of badges). */
export const VIRTUAL_ROW_HEIGHT = 53;
const OVERSCAN = 12;
/** jsdom and a hidden tab measure 0: render as if the box were this tall. */
const FALLBACK_VIEWPORT = 640;

interface DevicesTableProps {
  devices: readonly AdminDeviceView[] | undefined;
  columns: readonly DeviceColumn[];
  sort: AdminDeviceSort;
  dir: 'asc' | 'desc';
  onSort: (sort: AdminDeviceSort) => void;
  isSelected: (deviceId: string) => boolean;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  now: number;
  actions: DeviceRowActions;
}

/**
 * The trackers of the page in view: sortable headers (the server sorts), a select-all box for the page, and
 * for long pages ('All') only the rows in the scrolled window, between two spacer rows of the right height.
 */
export function DevicesTable(props: DevicesTableProps) {
  const { t } = useTranslation();
  const { devices, columns } = props;
  const virtual = devices !== undefined && devices.length >= VIRTUAL_FROM;
  const boxRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);

  useEffect(() => {
    if (!virtual || !boxRef.current) return;
    const box = boxRef.current;
    if (typeof ResizeObserver === 'undefined') return;
    // The observer reports the box's size at once, then on every change.
    const observer = new ResizeObserver(() => setViewport(box.clientHeight || FALLBACK_VIEWPORT));
    observer.observe(box);
    return () => observer.disconnect();
  }, [virtual]);

  let rows = devices ?? [];
  let before = 0;
  let after = 0;
  if (virtual) {
    const first = Math.max(0, Math.floor(scrollTop / VIRTUAL_ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / VIRTUAL_ROW_HEIGHT) + OVERSCAN);
    before = first * VIRTUAL_ROW_HEIGHT;
    after = (rows.length - last) * VIRTUAL_ROW_HEIGHT;
    rows = rows.slice(first, last);
  }
  const span = columns.length + 1;

  return (
    <TableContainer
      ref={boxRef}
      onScroll={virtual ? (event) => setScrollTop(event.currentTarget.scrollTop) : undefined}
      sx={virtual ? { maxHeight: '70vh' } : undefined}
      data-testid="devices-table"
      data-virtual={virtual || undefined}
      // The scrolling box must be reachable by keyboard.
      tabIndex={virtual ? 0 : undefined}
      role={virtual ? 'region' : undefined}
      aria-label={virtual ? t('adminDevices.table.label') : undefined}
    >
      <Table size="small" stickyHeader={virtual} aria-label={t('adminDevices.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={props.allSelected}
                indeterminate={props.someSelected}
                disabled={!devices || devices.length === 0}
                onChange={props.onToggleAll}
                slotProps={{ input: { 'aria-label': t('adminDevices.table.selectAll') } }}
                data-testid="devices-select-all"
              />
            </TableCell>
            {columns.map((column) => {
              const sort = SORT_OF[column];
              const label = t(`adminDevices.columns.${column}`);
              const active = sort !== undefined && sort === props.sort;
              return (
                <TableCell
                  key={column}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  sortDirection={active ? props.dir : false}
                >
                  {sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? props.dir : 'asc'}
                      onClick={() => props.onSort(sort)}
                      data-testid={`devices-sort-${column}`}
                    >
                      {label}
                    </TableSortLabel>
                  ) : (
                    label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {!devices && <SkeletonRows columns={span} />}
          {before > 0 && (
            <TableRow aria-hidden style={{ height: before }}>
              <TableCell colSpan={span} sx={{ p: 0, border: 0 }} />
            </TableRow>
          )}
          {rows.map((device) => (
            <DeviceRow
              key={device._id}
              device={device}
              columns={columns}
              selected={props.isSelected(device._id)}
              now={props.now}
              actions={props.actions}
              height={virtual ? VIRTUAL_ROW_HEIGHT : undefined}
            />
          ))}
          {after > 0 && (
            <TableRow aria-hidden style={{ height: after }}>
              <TableCell colSpan={span} sx={{ p: 0, border: 0 }} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
