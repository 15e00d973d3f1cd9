/** The two map tools of spec §2 Map; only one is open at a time, they share the top of the map. */
export type MapTool = 'history' | 'zones';

/**
 * The zone editor closes only itself (its toolbar asks before dropping unsaved shapes and publishes on
 * close), so while it is open neither button may switch it away. The history view holds nothing unsaved:
 * its button closes it again, and Zones replaces it.
 */
export const canPressTool = (open: MapTool | null): boolean => open !== 'zones';

/** The tool open after pressing `pressed`'s button. */
export function pressTool(open: MapTool | null, pressed: MapTool): MapTool | null {
  if (!canPressTool(open)) return open;
  return open === pressed ? null : pressed;
}
