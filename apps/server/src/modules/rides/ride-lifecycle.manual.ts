import { sql } from 'drizzle-orm';
import type { ManualUnlockBody, RideTag } from '@fairway/domain';
import type { CommandRow } from '../../db/tables/commands';
import { HttpError } from '../../lib/errors';
import type { DeviceRow } from '../../db/tables/devices';
import { odometerOf, type RideLifecycleRepository } from './ride-lifecycle.repository';
import type { RideNames } from '../../lib/events';
import type { RideRow } from './rides.repository';

/** An operator's unlock body, checked against the site: what the manual ride it opens records. */
export interface ManualRideDetails {
  memberId: string | null;
  serviceId: string | null;
  priceId: string | null;
  meta: { name: string | null; email: string | null };
  rideTags: RideTag[];
}

/**
 * The body's driver, service and price must be the site's (404 otherwise). A driver without a name or
 * email in the body lends the ride theirs.
 */
export async function manualRideDetails(
  repo: RideLifecycleRepository,
  siteId: string,
  body: ManualUnlockBody,
): Promise<ManualRideDetails> {
  const member = body?.driver ? await repo.memberOf(siteId, body.driver) : null;
  if (body?.driver && !member) throw new HttpError(404, 'Driver not found', 'driverNotFound');
  return {
    memberId: member?.id ?? null,
    serviceId: body?.service ?? null,
    priceId: body?.price ?? null,
    // An empty text is no name: the driver's is taken instead.
    meta: { name: body?.name || member?.name || null, email: body?.email || member?.email || null },
    rideTags: await repo.tagsFor(siteId, body?.service, body?.price),
  };
}

/** What opening a manual ride reads of an operator's unlock: the stored command, or the answer it became. */
export type AcknowledgedUnlock = Pick<
  CommandRow,
  'id' | 'name' | 'state' | 'deviceId' | 'siteId' | 'requestedBy' | 'issuedAt'
>;

/** Whether an operator's unlock body says anything the ride records (an empty body opens a bare ride). */
export function hasDetails(details: ManualRideDetails): boolean {
  return (
    details.memberId !== null ||
    details.serviceId !== null ||
    details.priceId !== null ||
    details.meta.name !== null ||
    details.meta.email !== null ||
    details.rideTags.length > 0
  );
}

/** A manual ride as its opening stored it, with the cart it put in use and, when read, the ride's names. */
export interface OpenedManualRide {
  ride: RideRow;
  device: DeviceRow | null;
  names?: RideNames;
}

/**
 * In one transaction: a cart without an open ride gets a confirmed manual ride for the acknowledged unlock
 * `command`, and is in use; an open ride of that same unlock gets `details`. The request and the
 * acknowledgement's reaction may both get here at once: the open-ride index lets one insert, and the other
 * then describes the ride the first opened. Null when nothing changed: another ride is open, or that
 * unlock's ride has come and gone already.
 */
export function openManualRide(
  repo: RideLifecycleRepository,
  command: AcknowledgedUnlock,
  details?: ManualRideDetails,
): Promise<OpenedManualRide | null> {
  if (command.name !== 'unlock' || command.state !== 'acknowledged') return Promise.resolve(null);
  // Without details there is nothing to describe: the ride opens in one statement, or nothing happens.
  if (!details || !hasDetails(details)) return repo.openBareManual(command);
  return repo.transaction(async (tx) => {
    const cart = await repo.lockCart(tx, command.deviceId, 'key share');
    if (!cart || cart.device.siteId !== command.siteId) return null;
    /** The open ride is this unlock's: it gets the body's details, if any. */
    const describeOwn = async (open: RideRow) => {
      if (!details || open.unlockCommandId !== command.id) return null;
      const described = await repo.describe(tx, open.id, details);
      return described ? { ride: described, device: null } : null;
    };
    const open = await repo.openRideOf(cart.device.id, tx);
    if (open) return describeOwn(open);
    // This unlock's ride may have been opened (and committed) by the other caller since the read above; or it
    // came and went already.
    const own = await repo.byUnlockCommand(command.id, tx);
    if (own) return own.status === 'ended' ? null : describeOwn(own);
    const ride = await repo.insert(tx, {
      siteId: cart.site.id,
      deviceId: cart.device.id,
      carNumber: cart.device.carNumber,
      type: 'manual',
      status: 'active',
      confirmed: true,
      unlockCommandId: command.id,
      unlockedBy: command.requestedBy,
      ...details,
      start: sql`now()`,
      startOdometer: odometerOf(cart.device),
      unlockRequestedAt: command.issuedAt,
      unlockAttempts: 1,
    });
    if (!ride) {
      // Another transaction opened a ride first (committed: this statement waited for it).
      const opened = await repo.openRideOf(cart.device.id, tx);
      return opened ? describeOwn(opened) : null;
    }
    return { ride, device: await repo.setInUse(tx, cart.device.id, true) };
  });
}
