import { lazy, Suspense, useState } from 'react';
import type { PortalCodeKind } from './PortalCodeSheet';

// The sheet's text field (MUI's whole input family) and dialog load when a card is tapped, not with the page.
const loadSheet = () => import('./PortalCodeSheet');
const PortalCodeSheet = lazy(() => loadSheet().then((module) => ({ default: module.PortalCodeSheet })));
const preload = () => void loadSheet();

/** Opens the portal's code sheet for a card; `trigger(kind)` gives the card's button its handlers. */
export function useCodeSheet(siteId: string) {
  const [kind, setKind] = useState<PortalCodeKind | null>(null);
  const trigger = (next: PortalCodeKind) => ({
    onPointerDown: preload,
    onFocus: preload,
    onClick: () => setKind(next),
  });
  const sheet = kind && (
    <Suspense fallback={null}>
      <PortalCodeSheet siteId={siteId} kind={kind} onClose={() => setKind(null)} />
    </Suspense>
  );
  return { trigger, sheet };
}
