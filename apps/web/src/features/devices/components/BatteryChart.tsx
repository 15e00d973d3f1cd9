/** STUB (owner: device data work). Battery voltage chart with the 1, 7, 14, 30 day filters. */
export function BatteryChart(_props: { deviceId: string }) {
  return null;
}
