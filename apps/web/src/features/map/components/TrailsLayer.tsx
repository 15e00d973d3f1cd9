import { Polyline } from 'react-leaflet';
import { HIGHLIGHT_COLOUR, TRAIL_COLOUR } from '../../../components/map/map-colours';
import type { TrailsById } from '../lib/trails';

interface TrailsLayerProps {
  trails: TrailsById;
  /** The trails toggle: every cart's path in blue. */
  showAll: boolean;
  /** The selected cart's path is drawn in the highlight purple whatever the toggle says. */
  selectedCartId: string | null;
}

/** Where the carts drove since the page opened (spec §2 Map: trails blue, highlight purple). */
export function TrailsLayer({ trails, showAll, selectedCartId }: TrailsLayerProps) {
  const selected = selectedCartId ? trails[selectedCartId] : undefined;
  return (
    <>
      {showAll &&
        Object.entries(trails).map(([cartId, trail]) =>
          cartId === selectedCartId || trail.length < 2 ? null : (
            <Polyline
              key={cartId}
              positions={trail}
              interactive={false}
              pathOptions={{ color: TRAIL_COLOUR, weight: 3, opacity: 0.7 }}
            />
          ),
        )}
      {selected && selected.length > 1 && (
        <Polyline
          positions={selected}
          interactive={false}
          pathOptions={{ color: HIGHLIGHT_COLOUR, weight: 5, opacity: 0.9 }}
        />
      )}
    </>
  );
}
