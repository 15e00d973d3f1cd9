import { CART_MARKER_COLOURS, cartMarkerState, MAP, type CartView } from '@fairway/domain';
import { marker as createMarker } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { cartMarkerIcon } from '../lib/cart-marker-icon';
import { animateLatLng, type LatLngTuple } from '../lib/marker-animation';

interface CartMarkerProps {
  cart: CartView;
  position: LatLngTuple;
  selected: boolean;
  onSelect: (cartId: string) => void;
}

/**
 * One cart on the map. The Leaflet marker is created once and driven imperatively, so a position
 * report glides the marker over MAP.markerAnimationMs instead of re-creating it.
 * Test hooks on the marker element: data-testid="cart-marker-<carNumber>" and data-lat/data-lng with
 * the cart's latest reported position.
 */
export function CartMarker({ cart, position, selected, onSelect }: CartMarkerProps) {
  const { t } = useTranslation();
  const map = useMap();
  const [lat, lng] = position;
  const label = cart.carNumber ?? '?';
  const colour = CART_MARKER_COLOURS[cartMarkerState(cart)];
  // Created with its real icon, so Leaflet never fetches its default marker image.
  const [marker] = useState(() =>
    createMarker([lat, lng], {
      icon: cartMarkerIcon(label, colour, selected),
      keyboard: true,
      riseOnHover: true,
    }),
  );
  const reportedRef = useRef<LatLngTuple>(position);
  const title = `${t('map.cartNumber', { number: label })}${cart.carName ? ` · ${cart.carName}` : ''}`;
  const testId = `cart-marker-${cart.carNumber ?? cart._id}`;

  useEffect(() => {
    marker.addTo(map);
    return () => void marker.remove();
  }, [map, marker]);

  // A new report: remember it, expose it to tests, glide there from wherever the marker stands now.
  useEffect(() => {
    reportedRef.current = [lat, lng];
    const element = marker.getElement();
    element?.setAttribute('data-lat', lat.toFixed(6));
    element?.setAttribute('data-lng', lng.toFixed(6));
    const from = marker.getLatLng();
    return animateLatLng([from.lat, from.lng], [lat, lng], MAP.markerAnimationMs, ([nextLat, nextLng]) =>
      marker.setLatLng([nextLat, nextLng]),
    );
  }, [marker, lat, lng]);

  // Look and labels; setIcon replaces the element, so the test hooks are written again.
  useEffect(() => {
    marker.setIcon(cartMarkerIcon(label, colour, selected));
    const element = marker.getElement();
    if (!element) return;
    const [reportedLat, reportedLng] = reportedRef.current;
    element.setAttribute('data-testid', testId);
    element.setAttribute('data-lat', reportedLat.toFixed(6));
    element.setAttribute('data-lng', reportedLng.toFixed(6));
    element.setAttribute('title', title);
    element.setAttribute('aria-label', title);
    element.setAttribute('aria-pressed', String(selected));
  }, [marker, label, colour, selected, title, testId]);

  useEffect(() => {
    const select = () => onSelect(cart._id);
    marker.on('click', select);
    return () => void marker.off('click', select);
  }, [marker, onSelect, cart._id]);

  return null;
}
