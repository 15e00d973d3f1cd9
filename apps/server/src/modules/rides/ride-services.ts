import type { AppContext } from '../../context';
import { createRideLifecycle } from './ride-lifecycle.service';
import { RideViewsService } from './ride-views.service';

/** The rides module's services, built from the app context (they hold no state of their own). */
export function rideServices(ctx: AppContext) {
  const lifecycle = createRideLifecycle(ctx);
  return { lifecycle, views: new RideViewsService(ctx.db, ctx.bus, lifecycle) };
}

export type RideServices = ReturnType<typeof rideServices>;
