/**
 * STUB (owner: zones work). The zone editor toolbar of spec §2 Map; rendered inside the MapContainer while
 * `open`; calls `onClose` when the operator closes it (publishing happens then).
 */
export function ZoneEditor(_props: { siteId: string; open: boolean; onClose: () => void }) {
  return null;
}
