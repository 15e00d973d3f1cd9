import { parseLatLng, type CartView } from '@fairway/domain';
// `L.MarkerClusterGroup` is read at call time: the cluster plugin adds it to Leaflet's object after the
// bundle's named imports were bound (see lib/cart-cluster-group.ts).
import L, { layerGroup, type LayerGroup } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { createCartClusterGroup } from '../lib/cart-cluster-group';
import { CartMarker } from './CartMarker';

const NO_OVERDUE_CARTS: ReadonlySet<string> = new Set();

interface CartMarkersLayerProps {
  carts: readonly CartView[];
  selectedCartId: string | null;
  /** Carts inside a restriction zone; their markers pulse red. */
  alertedCartIds: ReadonlySet<string>;
  /** Carts whose ride is overdue (issue 23); their markers wear a ring. */
  overdueCartIds?: ReadonlySet<string>;
  clustering: boolean;
  onSelect: (cartId: string) => void;
}

/**
 * A marker for every cart that has reported a position (carts without a GPS fix are list-only), in a
 * cluster group or a plain layer; switching clustering moves the same markers to the other layer.
 */
export function CartMarkersLayer({
  carts,
  selectedCartId,
  alertedCartIds,
  overdueCartIds = NO_OVERDUE_CARTS,
  clustering,
  onSelect,
}: CartMarkersLayerProps) {
  const { t } = useTranslation();
  const map = useMap();
  const layer = useMemo<LayerGroup>(
    () => (clustering ? createCartClusterGroup((count) => t('map.clusterLabel', { count })) : layerGroup()),
    [clustering, t],
  );

  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);

  // A bubble shows whether it holds an alerted or an overdue cart; it is drawn again only when asked to. Keyed by the
  // ids, not the set, so a new set with the same carts redraws nothing.
  const ringedKey = `${[...alertedCartIds].sort().join()}|${[...overdueCartIds].sort().join()}`;
  useEffect(() => {
    if (layer instanceof L.MarkerClusterGroup) layer.refreshClusters();
  }, [layer, ringedKey]);

  return carts.map((cart) => {
    const position = parseLatLng(cart.gpsCoordinates);
    if (!position) return null;
    return (
      <CartMarker
        key={cart._id}
        cart={cart}
        position={position}
        selected={cart._id === selectedCartId}
        alerted={alertedCartIds.has(cart._id)}
        overdue={overdueCartIds.has(cart._id)}
        layer={layer}
        onSelect={onSelect}
      />
    );
  });
}
