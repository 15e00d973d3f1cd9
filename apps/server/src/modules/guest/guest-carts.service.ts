import {
  GUEST_RIDE_REFUSALS,
  availableAt,
  batteryPercent,
  clockAt,
  guestCartStatusAt,
  type GuestCartView,
  type GuestCodeUnlockBody,
  type RatesAnswer,
} from '@fairway/domain';
import { HttpError, notFound } from '../../lib/errors';
import { codeMatches } from '../../lib/tokens';
import { toCartView } from '../devices/devices.presenter';
import type { RideLifecycleService } from '../rides/ride-lifecycle.service';
import type { GuestKeysService } from './guest-keys.service';
import type { SitesRepository } from '../sites/sites.repository';
import type { GuestCart, GuestCartsRepository } from './guest-carts.repository';

const cartNotFound = () => new HttpError(404, 'Cart not found', 'cartNotFound');

/**
 * The guest's cart page (spec §2 Guest ride flow, §4 Guest cart status): what the cart and its club show a
 * phone that scanned its QR code, the prices it can be paid at, and the unlock with the cart's own code.
 */
export class GuestCartsService {
  constructor(
    private readonly carts: GuestCartsRepository,
    private readonly sites: SitesRepository,
    private readonly lifecycle: Pick<RideLifecycleService, 'openByUnlock'>,
    private readonly keys: Pick<GuestKeysService, 'admission'>,
  ) {}

  async cartView(deviceId: string): Promise<GuestCartView> {
    const now = Date.now();
    const { device, site, openRide, bookingsNow } = await this.findCart(deviceId, now);
    const status = guestCartStatusAt(toCartView(device, now), openRide, site, now, bookingsNow);
    const power = device.vehicleInfo?.power;
    // On the charger the pack reads high (a false 100 %): the page shows 'Charging' instead of a number.
    const battery =
      !device.battCharge && power && device.battVoltage !== null
        ? batteryPercent(device.battVoltage, power)
        : null;
    const services = new Map<string, { _id: string; name: string; duration: number }>();
    // The selector offers what the prices page can sell, so choosing a service never leads to no rates.
    for (const { service } of await this.carts.sellablePrices(site.id))
      services.set(service.id, { _id: service.id, name: service.name, duration: service.duration });
    return {
      _id: device.id,
      carNumber: device.carNumber,
      carName: device.carName || null,
      siteId: site.id,
      siteName: site.publicProfile.name || site.name,
      siteLogoUrl: site.logo,
      termsAndConditions: site.publicProfile.termsAndConditions,
      currency: site.currency,
      battery,
      charging: device.battCharge,
      status,
      paymentsActive: site.stripeAccountId !== null && site.stripeAccountActive,
      services: [...services.values()],
    };
  }

  /**
   * Spec §3 Rate: the club's guest prices, special (limited to some days and hours) or daily, each saying
   * whether it can be bought now on the club's clock; checkout accepts exactly these.
   */
  async rates(siteId: string, serviceId: string | undefined): Promise<RatesAnswer> {
    const site = await this.sites.find(siteId);
    if (!site || site.staging) throw notFound('Site not found');
    const clock = clockAt(Date.now(), site.timezone);
    const rows = await this.carts.sellablePrices(site.id, serviceId);
    return {
      rates: rows.map(({ price, service }) => ({
        _id: price.id,
        name: price.name,
        desc: price.description,
        amount: price.amount,
        currency: site.currency,
        serviceId: service.id,
        serviceName: service.name,
        duration: service.duration,
        range: { enabled: price.availableTimes.length > 0, availableTimes: price.availableTimes },
        availableNow: availableAt(price.availableTimes, clock),
      })),
      unlockFee: site.unlockFee,
    };
  }

  /**
   * Spec §7 POST /devices/{id}/unlock, type 'code': the cart's own 6-digit code, or a member's virtual key
   * of the cart's club (issue 18), opens a ride on it. A code that is neither changes nothing; the
   * lifecycle then refuses a cart that is not AVAILABLE (for a key: what the key may open) and sends the
   * unlock. A key's ride is of type 'key', names its member, and costs one credit unless unlimited.
   */
  async unlockWithCode(deviceId: string, body: GuestCodeUnlockBody): Promise<{ session: string }> {
    const { device, site } = await this.findCart(deviceId);
    const { code, name, email } = body.rideData;
    if (codeMatches(code, device.lockCode)) {
      const ride = await this.lifecycle.openByUnlock({
        deviceId: device.id,
        type: 'code',
        meta: { name: name || null, email: email ?? null },
      });
      return { session: ride.id };
    }
    const key = await this.keys.admission(site.id, code);
    if (!key) throw new HttpError(403, GUEST_RIDE_REFUSALS.invalidCode, 'invalidCode');
    const ride = await this.lifecycle.openByUnlock({
      deviceId: device.id,
      siteId: site.id,
      type: 'key',
      memberId: key.memberId,
      codeId: key.codeId,
      meta: { name: name || key.driverName, email: email ?? key.email },
      admit: key.admit,
    });
    return { session: ride.id };
  }

  /** A cart of a real club: carts still in the staging site are not anybody's to ride. */
  private async findCart(deviceId: string, now = Date.now()): Promise<GuestCart> {
    const cart = await this.carts.cart(deviceId, new Date(now));
    if (!cart || cart.site.staging) throw cartNotFound();
    return cart;
  }
}
