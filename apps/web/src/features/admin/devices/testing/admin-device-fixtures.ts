import type { AdminDevicePage, AdminDeviceView } from '@fairway/domain';
import { makeCart } from '../../../../test/carts';
import { ADMIN_SITES } from '../../components/testing/admin-fixtures';

/** A complete, valid AdminDeviceView (domain `adminDeviceView`) at the first admin test site. */
export function makeAdminDevice(overrides: Partial<AdminDeviceView> = {}): AdminDeviceView {
  const site = ADMIN_SITES[0]!;
  return {
    ...makeCart({ siteID: site._id }),
    siteName: site.name,
    carSerialNumber: '',
    firmwareStatus: 0,
    firmwareTarget: null,
    gprsCcid: '8945000000000000012',
    gprsCarrier: 'Telia',
    simEndpointId: null,
    batteryCalibration: 75,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The list's answer for `devices` as page `page` of `totalItems` rows. */
export function devicePage(
  devices: AdminDeviceView[],
  { page = 1, perPage = 20, totalItems = devices.length } = {},
): AdminDevicePage {
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const counts = new Map<string, { _id: string; name: string; count: number }>();
  for (const device of devices) {
    const entry = counts.get(device.siteID) ?? { _id: device.siteID, name: device.siteName, count: 0 };
    entry.count += 1;
    counts.set(device.siteID, entry);
  }
  return {
    data: devices,
    pagination: {
      currentPage: page,
      totalPages,
      totalItems,
      itemsPerPage: perPage,
      nextPage: page < totalPages ? page + 1 : null,
      prevPage: page > 1 ? page - 1 : null,
    },
    sites: [...counts.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}
