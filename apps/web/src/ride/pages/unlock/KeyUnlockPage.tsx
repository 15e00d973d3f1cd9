import { guestApi } from '../../api/guest-api';
import { GuestApiError } from '../../api/http';
import { bookingMessages } from '../../booking/locales';
import { useNamespace } from '../../i18n/I18nProvider';
import { ridePaths } from '../../router/routes';
import { UnlockRoute } from './UnlockRoute';

/**
 * /ride/:id/virtual-key/:code (spec §2 Guest routes): a member's virtual key unlocks this cart (the server
 * takes the key's code on the cart's unlock: a 'key' ride, one credit unless unlimited) and the ride's
 * session page follows. Refusals (a wrong or disabled key, no credits, not this cart, booked or closed
 * without a master key, the cart's status) read in the guest's language, with the way to the cart page.
 */
export default function KeyUnlockPage({ deviceId, code }: { deviceId: string; code: string }) {
  const bt = useNamespace(bookingMessages);
  return (
    <UnlockRoute
      deviceId={deviceId}
      send={() =>
        // Anything but 6 digits is no key's code: the server is not asked.
        /^\d{6}$/.test(code)
          ? guestApi.unlockWithCode(deviceId, code)
          : Promise.reject(new GuestApiError(403, 'Invalid code', 'invalidCode'))
      }
      fallback={{ label: bt('unlock.toCart'), to: ridePaths.home(deviceId) }}
    />
  );
}
