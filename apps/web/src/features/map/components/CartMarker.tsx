import { CART_MARKER_COLOURS, cartMarkerState, MAP, type CartView } from '@fairway/domain';
import { marker as createMarker, type LayerGroup } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { cartMarkerIcon } from '../lib/cart-marker-icon';
import type { LatLngTuple } from '../lib/marker-animation';
import { glideMarkerIcon } from '../lib/marker-glide';

interface CartMarkerProps {
  cart: CartView;
  position: LatLngTuple;
  selected: boolean;
  alerted: boolean;
  /** Its ride is overdue (issue 23): ringed. */
  overdue: boolean;
  /** The plain or the clustering layer the marker lives in. */
  layer: LayerGroup;
  onSelect: (cartId: string) => void;
}

type MarkerAttributes = Record<string, string>;

const writeAttributes = (element: HTMLElement | undefined, attributes: MarkerAttributes) => {
  for (const [name, value] of Object.entries(attributes)) element?.setAttribute(name, value);
};

/**
 * One cart on the map. The Leaflet marker is created once and driven imperatively, so a position
 * report glides the marker over MAP.markerAnimationMs instead of re-creating it.
 * Test hooks on the marker element: data-testid="cart-marker-<carNumber>" and data-lat/data-lng with
 * the cart's latest reported position. A cart inside a cluster has no element of its own.
 */
export function CartMarker({ cart, position, selected, alerted, overdue, layer, onSelect }: CartMarkerProps) {
  const { t } = useTranslation();
  const map = useMap();
  const [lat, lng] = position;
  const label = cart.carNumber ?? '?';
  const colour = CART_MARKER_COLOURS[cartMarkerState(cart)];
  // The server's reading at its last push (carts report every few seconds).
  const badge =
    cart.displayLockStatus === 'booked' || cart.displayLockStatus === 'maintenance'
      ? cart.displayLockStatus
      : null;
  // Created with its real icon, so Leaflet never fetches its default marker image.
  const [marker] = useState(() =>
    createMarker([lat, lng], {
      icon: cartMarkerIcon({ label, colour, selected, alerted, badge, overdue }),
      keyboard: true,
      riseOnHover: true,
    }),
  );
  // Where the icon is drawn right now, mid-glide included: the next glide starts there.
  const shownRef = useRef<LatLngTuple>(position);
  const title = [
    t('map.cartNumber', { number: label }),
    cart.carName,
    badge ? t(`map.lockStatus.${badge}`) : '',
    overdue ? t('overrun.markerLabel') : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const attributes = useMemo<MarkerAttributes>(
    () => ({
      'data-testid': `cart-marker-${cart.carNumber ?? cart._id}`,
      'data-lat': lat.toFixed(6),
      'data-lng': lng.toFixed(6),
      title,
      'aria-label': title,
      'aria-pressed': String(selected),
    }),
    [cart.carNumber, cart._id, lat, lng, title, selected],
  );
  const attributesRef = useRef(attributes);

  // Leaflet builds a new element whenever the marker appears (added, a cluster splits, setIcon);
  // each one gets the labels and test hooks. Registered before the marker joins its layer.
  useEffect(() => {
    const describe = () => writeAttributes(marker.getElement(), attributesRef.current);
    marker.on('add', describe);
    return () => void marker.off('add', describe);
  }, [marker]);

  useEffect(() => {
    layer.addLayer(marker);
    return () => void layer.removeLayer(marker);
  }, [layer, marker]);

  useEffect(() => {
    attributesRef.current = attributes;
    writeAttributes(marker.getElement(), attributes);
  }, [marker, attributes]);

  useEffect(() => {
    marker.setIcon(cartMarkerIcon({ label, colour, selected, alerted, badge, overdue }));
    writeAttributes(marker.getElement(), attributesRef.current);
  }, [marker, label, colour, selected, alerted, badge, overdue]);

  // A new report: the marker stands there at once (clusters and zooms use it), its icon glides there.
  useEffect(() => {
    const reported = marker.getLatLng();
    if (reported.lat !== lat || reported.lng !== lng) marker.setLatLng([lat, lng]);
    const from = shownRef.current;
    if (from[0] === lat && from[1] === lng) return;
    return glideMarkerIcon(map, marker, from, MAP.markerAnimationMs, (shown) => {
      shownRef.current = shown;
    });
  }, [map, marker, lat, lng]);

  useEffect(() => {
    const select = () => onSelect(cart._id);
    marker.on('click', select);
    return () => void marker.off('click', select);
  }, [marker, onSelect, cart._id]);

  return null;
}
