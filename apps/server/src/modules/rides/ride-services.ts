import type { AppContext } from '../../context';
import { RideLifecycleService } from './ride-lifecycle.service';
import { RideViewsService } from './ride-views.service';

/** The rides module's services, built from the app context (they hold no state of their own). */
export function rideServices(ctx: AppContext) {
  void ctx;
  return { lifecycle: new RideLifecycleService(), views: new RideViewsService() };
}

export type RideServices = ReturnType<typeof rideServices>;
