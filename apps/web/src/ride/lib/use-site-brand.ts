import type { SiteBrand } from '../components/RideLayout';
import { loadCart } from '../pages/home/cart-cache';
import { useResource } from './use-resource';

/** The club's name and logo for a page that does not otherwise load the cart (a failure shows none). */
export function useSiteBrand(deviceId: string): SiteBrand | null {
  const cart = useResource(`brand:${deviceId}`, (signal) => loadCart(deviceId, signal));
  return cart.data ? { name: cart.data.siteName, logoUrl: cart.data.siteLogoUrl } : null;
}
