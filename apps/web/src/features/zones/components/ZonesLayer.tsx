/**
 * STUB (owner: zones work). Renders the site's zones inside the map (colours, opacity and weight per §9).
 * Must be rendered inside react-leaflet's MapContainer.
 */
export function ZonesLayer(_props: { siteId: string }) {
  return null;
}
