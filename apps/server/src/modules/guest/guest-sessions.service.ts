import { GUEST_RIDE_REFUSALS, type GuestRideView } from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import type { RideActor, RideLifecycleService } from '../rides/ride-lifecycle.service';
import type { RideViewsService } from '../rides/ride-views.service';

export const GUEST_RIDE_ACTIONS = ['end', 'pause', 'resume', 'retry'] as const;
export type GuestRideAction = (typeof GUEST_RIDE_ACTIONS)[number];

const sessionNotFound = () => new HttpError(404, GUEST_RIDE_REFUSALS.sessionNotFound, 'sessionNotFound');
const GUEST: RideActor = { kind: 'guest' };

/**
 * The guest's ride (session) page: its view, and what the guest may do with it. Holding the ride's id is
 * the guest's only credential (an unguessable uuid from their unlock or payment), so a deleted ride is as
 * unknown as a missing one, and nothing reaches the lifecycle for either.
 */
export class GuestSessionsService {
  constructor(
    private readonly views: Pick<RideViewsService, 'guestView'>,
    private readonly lifecycle: Pick<RideLifecycleService, 'end' | 'pause' | 'resume' | 'retryUnlock'>,
  ) {}

  async view(sessionId: string): Promise<GuestRideView> {
    const view = await this.views.guestView(sessionId);
    if (!view) throw sessionNotFound();
    return view;
  }

  /** Runs the guest's action through the lifecycle (whose refusals pass through) and answers the ride. */
  async act(sessionId: string, action: GuestRideAction): Promise<GuestRideView> {
    await this.view(sessionId);
    switch (action) {
      case 'end':
        await this.lifecycle.end(sessionId, GUEST, 'guest');
        break;
      case 'pause':
        await this.lifecycle.pause(sessionId, GUEST);
        break;
      case 'resume':
        await this.lifecycle.resume(sessionId, GUEST);
        break;
      case 'retry':
        await this.lifecycle.retryUnlock(sessionId);
        break;
    }
    return this.view(sessionId);
  }
}
