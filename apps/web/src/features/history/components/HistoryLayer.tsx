/**
 * STUB (owner: history work). The ride-history toolbar (trail or heatmap; today, 7 days, 1, 3, 6 months)
 * and its map layers; rendered inside the MapContainer while `open`.
 */
export function HistoryLayer(_props: { siteId: string; open: boolean; onClose: () => void }) {
  return null;
}
