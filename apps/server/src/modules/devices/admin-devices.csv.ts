import type { AdminDeviceView } from '@fairway/domain';
import { UTF8_BOM, csvCell } from '../reports/usage-csv';

/**
 * The Device Manager's CSV export: one row per tracker, comma separated, numbers with a '.' decimal mark and
 * no grouping, times as ISO 8601 UTC, so any spreadsheet or script reads them as they are. Pure.
 */
const COLUMNS: Array<[string, (device: AdminDeviceView) => string | number | boolean | null]> = [
  ['Device ID', (d) => d.serial],
  ['Car', (d) => d.carNumber],
  ['Car Name', (d) => d.carName],
  ['Site', (d) => d.siteName],
  ['Site ID', (d) => d.siteID],
  ['Status', (d) => (d.onlineStatus ? 'online' : 'offline')],
  ['Last Report (UTC)', (d) => d.timeUTC],
  ['Uptime (s)', (d) => d.uptime],
  ['CCID', (d) => d.gprsCcid],
  ['Carrier', (d) => d.gprsCarrier],
  ['Firmware', (d) => d.firmware],
  ['Firmware Status', (d) => d.firmwareStatus],
  ['Battery (V)', (d) => d.battVoltage],
  ['Battery Calibration', (d) => d.batteryCalibration],
  ['GPS Lock', (d) => d.gpsLock],
  ['WiFi Signal', (d) => d.wifiSignal],
  ['GPRS Signal', (d) => d.gprsSignal],
  ['Temperature', (d) => d.deviceTemp],
  ['Locked', (d) => d.lockStatus === 1],
  ['Server', (d) => d.server],
  ['PCB', (d) => d.hardwareInfo?.pcb.rev ?? null],
  ['Modem', (d) => d.hardwareInfo?.modem ?? null],
  ['Cart Model', (d) => d.vehicleInfo?.cart.model ?? null],
  ['Power', (d) => d.vehicleInfo?.power ?? null],
  ['SIM Endpoint', (d) => d.simEndpointId],
  ['Tracker ID', (d) => d._id],
];

const cell = (value: string | number | boolean | null): string =>
  value === null
    ? ''
    : typeof value === 'number'
      ? String(value)
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : csvCell(value, ',');

export function devicesCsv(devices: AdminDeviceView[]): string {
  const lines = [
    COLUMNS.map(([title]) => title).join(','),
    ...devices.map((device) => COLUMNS.map(([, value]) => cell(value(device))).join(',')),
  ];
  return UTF8_BOM + lines.join('\r\n') + '\r\n';
}
