import { parseLatLng, type CartView } from '@fairway/domain';
import { CartMarker } from './CartMarker';

interface CartMarkersLayerProps {
  carts: readonly CartView[];
  selectedCartId: string | null;
  onSelect: (cartId: string) => void;
}

/** A marker for every cart that has reported a position (carts without a GPS fix are list-only). */
export function CartMarkersLayer({ carts, selectedCartId, onSelect }: CartMarkersLayerProps) {
  return carts.map((cart) => {
    const position = parseLatLng(cart.gpsCoordinates);
    if (!position) return null;
    return (
      <CartMarker
        key={cart._id}
        cart={cart}
        position={position}
        selected={cart._id === selectedCartId}
        onSelect={onSelect}
      />
    );
  });
}
