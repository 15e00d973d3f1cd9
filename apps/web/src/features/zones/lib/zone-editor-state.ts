import { useSyncExternalStore } from 'react';

/**
 * Whether the zone editor is open. While it is, the editor draws the zones itself (clickable, editable)
 * and the read-only ZonesLayer steps aside, so no zone is drawn twice. A module store because the two are
 * siblings on the map page and neither owns the other.
 */
let editorOpen = false;
const listeners = new Set<() => void>();

export function setZoneEditorOpen(open: boolean): void {
  if (editorOpen === open) return;
  editorOpen = open;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => editorOpen;

export const useZoneEditorOpen = (): boolean => useSyncExternalStore(subscribe, snapshot, snapshot);
