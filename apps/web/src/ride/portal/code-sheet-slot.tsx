import { Suspense, useState } from 'react';
import { lazyWithTheme } from '../ui/lazy-with-theme';
import type { PortalCodeKind } from './PortalCodeSheet';

// The sheet's text field (MUI's whole input family), its dialog and MUI's theme load when a card is tapped,
// not with the page.
const loadSheet = () => import('./PortalCodeSheet');
const PortalCodeSheet = lazyWithTheme(async () => ({ default: (await loadSheet()).PortalCodeSheet }));
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
