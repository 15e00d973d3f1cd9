/**
 * The map tools of spec §2 Map, and the course editor (issue 23, admins); only one is open at a time, they
 * share the top of the map.
 */
export type MapTool = 'history' | 'zones' | 'course';

/**
 * The zone and course editors close only themselves (their toolbars ask before dropping unsaved work; the
 * zone editor publishes on close), so while one is open no button may switch it away. The history view
 * holds nothing unsaved: its button closes it again, and an editor replaces it.
 */
export const canPressTool = (open: MapTool | null): boolean => open !== 'zones' && open !== 'course';

/** The tool open after pressing `pressed`'s button. */
export function pressTool(open: MapTool | null, pressed: MapTool): MapTool | null {
  if (!canPressTool(open)) return open;
  return open === pressed ? null : pressed;
}
