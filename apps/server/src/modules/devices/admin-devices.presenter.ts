import type { AdminDeviceView } from '@fairway/domain';
import type { AdminDeviceRow } from './admin-devices.repository';
import { toCartView } from './devices.presenter';

/** A tracker as the Device Manager shows it: the cart view with its site's name and the admin's fields. */
export function toAdminDeviceView({ device, siteName }: AdminDeviceRow, now = Date.now()): AdminDeviceView {
  return {
    ...toCartView(device, now),
    siteName,
    carSerialNumber: device.carSerialNumber,
    firmwareStatus: device.firmwareStatus,
    firmwareTarget: device.firmwareTarget,
    gprsCcid: device.gprsCcid,
    gprsCarrier: device.gprsCarrier,
    simEndpointId: device.simEndpointId,
    batteryCalibration: device.batteryCalibration,
    createdAt: device.createdAt.toISOString(),
  };
}
