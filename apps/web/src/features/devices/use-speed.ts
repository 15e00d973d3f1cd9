/** STUB (owner: device data work). Formats a km/h speed in the operator's unit (kph default, mph). */
export function useFormatSpeed(): (kph: number | null) => string {
  return (kph) => (kph === null ? '–' : `${kph.toFixed(1)} km/h`);
}
