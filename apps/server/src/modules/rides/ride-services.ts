import type { CoreContext } from '../../context';
import { RefundsService } from '../payments/refunds.service';
import { ManualUnlockService } from './manual-unlock.service';
import { PaidRidesService } from './paid-rides.service';
import { createRideLifecycle } from './ride-lifecycle.service';
import { RideViewsService } from './ride-views.service';

/** The rides module's services, built once by the composition root (services.ts). */
export function rideServices(core: CoreContext) {
  const lifecycle = createRideLifecycle(core);
  return {
    lifecycle,
    views: new RideViewsService(core.db, core.bus, lifecycle),
    manualUnlock: new ManualUnlockService(core.commands, lifecycle),
    // What a succeeded payment buys (the payments module's PaidPurchase), and the sweep of paid unlocks.
    paid: new PaidRidesService(
      core.db,
      lifecycle,
      new RefundsService(core.db, core.payments),
      core.log,
      core.config.PAID_UNLOCK_REFUND_SECONDS * 1000,
    ),
  };
}

export type RideServices = ReturnType<typeof rideServices>;
