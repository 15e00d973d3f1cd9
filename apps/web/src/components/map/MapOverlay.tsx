import Box from '@mui/material/Box';
import { DomEvent } from 'leaflet';
import { useEffect, useRef, type ReactNode } from 'react';

type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

const PLACEMENT: Record<Corner, Record<string, number>> = {
  'top-left': { top: 12, left: 56 },
  'top-right': { top: 12, right: 12 },
  'bottom-left': { bottom: 28, left: 12 },
  'bottom-right': { bottom: 28, right: 12 },
};

/**
 * MUI controls floating over the map, rendered as children of the map view (so they can use `useMap`).
 * Clicks, drags and wheel turns on them must not reach Leaflet, or pressing a button would pan the map.
 */
interface MapOverlayProps {
  corner: Corner;
  /** Responsive distances from the edges, overriding the corner's defaults (e.g. above a phone's button). */
  offset?: Partial<Record<'top' | 'right' | 'bottom' | 'left', number | Record<string, number>>>;
  children: ReactNode;
}

export function MapOverlay({ corner, offset, children }: MapOverlayProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    DomEvent.disableClickPropagation(ref.current);
    DomEvent.disableScrollPropagation(ref.current);
  }, []);
  return (
    <Box
      ref={ref}
      sx={{
        position: 'absolute',
        zIndex: 1000,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        ...PLACEMENT[corner],
        ...offset,
      }}
    >
      {children}
    </Box>
  );
}
