import type { CoreContext } from '../../context';
import { ManualUnlockService } from './manual-unlock.service';
import { createRideLifecycle } from './ride-lifecycle.service';
import { RideViewsService } from './ride-views.service';

/** The rides module's services, built once by the composition root (services.ts). */
export function rideServices(core: CoreContext) {
  const lifecycle = createRideLifecycle(core);
  return {
    lifecycle,
    views: new RideViewsService(core.db, core.bus, lifecycle),
    manualUnlock: new ManualUnlockService(core.commands, lifecycle),
  };
}

export type RideServices = ReturnType<typeof rideServices>;
