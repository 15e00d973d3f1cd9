import { ADMIN_DEVICE_PAGE_SIZES, LIMITS, type AdminDeviceSort } from '@fairway/domain';
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ALL_ROWS, type AdminPageSize } from '../components/admin-paging';
import type { AdminDeviceListQuery } from './api/get-admin-devices';

type DevicePageSize = (typeof ADMIN_DEVICE_PAGE_SIZES)[number];

/** A stored page size, or 20 when it is missing or not one of the offered sizes. */
export function parseDevicePageSize(stored: string | null): DevicePageSize {
  return ADMIN_DEVICE_PAGE_SIZES.find((size) => size === stored) ?? '20';
}

/** The shared admin pager counts rows (-1 = All); the device list's query names them. */
export const toPagerSize = (size: DevicePageSize): AdminPageSize =>
  size === 'all' ? ALL_ROWS : (Number(size) as AdminPageSize);
export const fromPagerSize = (size: AdminPageSize): DevicePageSize =>
  size === ALL_ROWS ? 'all' : (String(size) as DevicePageSize);

/**
 * What the Device Manager asks the server for: the search (sent 700 ms after typing stops, §9), the site
 * filter, the sort, the page and its size (remembered in this browser). A new search, filter, sort or size
 * starts on page 1.
 */
export function useDeviceList() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), LIMITS.debounceMs);
  const [siteId, setSiteIdState] = useState<string | undefined>(undefined);
  const [sort, setSortState] = useState<AdminDeviceSort>('carNumber');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<DevicePageSize>(() =>
    parseDevicePageSize(readStorage(STORAGE_KEYS.adminDevicesPageSize)),
  );

  // A new search starts on page 1 (adjusted while rendering rather than in an effect).
  const [pagedQuery, setPagedQuery] = useState(q);
  if (pagedQuery !== q) {
    setPagedQuery(q);
    setPage(1);
  }

  const query: AdminDeviceListQuery = { q: q || undefined, siteId, sort, dir, page, pageSize };
  return {
    search,
    setSearch,
    q,
    query,
    setPage,
    pageSize,
    setPageSize: (size: DevicePageSize) => {
      writeStorage(STORAGE_KEYS.adminDevicesPageSize, size);
      setPageSizeState(size);
      setPage(1);
    },
    /** the same column again turns the order round; another column sorts ascending */
    setSort: (next: AdminDeviceSort) => {
      if (next === sort) setDir(dir === 'asc' ? 'desc' : 'asc');
      else {
        setSortState(next);
        setDir('asc');
      }
      setPage(1);
    },
    siteId,
    setSiteId: (next: string | undefined) => {
      setSiteIdState(next);
      setPage(1);
    },
  };
}
