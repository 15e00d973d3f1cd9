import type { HistoryTrail } from '@fairway/domain';
import { DomEvent, type LeafletMouseEvent } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import { HIGHLIGHT_COLOUR, TRAIL_COLOUR } from '../../../components/map/map-colours';

/**
 * Each cart's trail in blue (spec §2 Map), one multi-line layer per cart. The cart pointed at, or clicked
 * (until a click elsewhere), is drawn again on top in purple, with its car number.
 */
export function HistoryTrails({ carts }: { carts: readonly HistoryTrail[] }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  useMapEvents({ click: () => setSelected(null) });

  const label = (cart: HistoryTrail) =>
    cart.carNumber === null ? t('history.noCarNumber') : t('history.carNumber', { number: cart.carNumber });
  const highlightedId = hovered ?? selected;
  const highlighted = carts.find((cart) => cart.deviceId === highlightedId);

  return (
    <>
      {carts.map((cart) => (
        <Polyline
          key={cart.deviceId}
          positions={cart.segments}
          pathOptions={{ color: TRAIL_COLOUR, weight: 3, opacity: highlighted ? 0.45 : 0.8 }}
          eventHandlers={{
            mouseover: () => setHovered(cart.deviceId),
            mouseout: () => setHovered(null),
            click: (event: LeafletMouseEvent) => {
              // The map's own click clears the selection; this one must not reach it.
              DomEvent.stopPropagation(event);
              setSelected((current) => (current === cart.deviceId ? null : cart.deviceId));
            },
          }}
        >
          {/* A kept cart already shows its number on its purple trail. */}
          {cart.deviceId !== selected && <Tooltip sticky>{label(cart)}</Tooltip>}
        </Polyline>
      ))}
      {highlighted && (
        // Not interactive: the pointer keeps talking to the blue trail underneath, so hovering stays calm.
        <Polyline
          key={`highlight-${highlighted.deviceId}-${highlighted.deviceId === selected ? 'kept' : 'hover'}`}
          positions={highlighted.segments}
          pathOptions={{ color: HIGHLIGHT_COLOUR, weight: 5, opacity: 1 }}
          interactive={false}
        >
          {highlighted.deviceId === selected && (
            <Tooltip permanent direction="top">
              {label(highlighted)}
            </Tooltip>
          )}
        </Polyline>
      )}
    </>
  );
}
