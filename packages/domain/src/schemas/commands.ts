import { z } from 'zod';
import { COMMAND_CODES, commandName } from '../protocol/messages';
import { email, id } from './common';
import { cartView } from './devices';
import { safeText } from './text';

/**
 * A command's life (spec §7, issue #3): queued (stored, not yet handed to the broker) → sent (QoS 1
 * publish confirmed) → acknowledged (the cart said ok) | failed (the cart said no, or never answered) |
 * expired (it could not be delivered before its deadline, or the cart got it too late).
 */
export const commandState = z.enum(['queued', 'sent', 'acknowledged', 'failed', 'expired']);
export type CommandState = z.infer<typeof commandState>;
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['acknowledged', 'failed', 'expired'];

/**
 * Who asked: an operator, a platform admin, a guest, a master key on the site portal (issue 18), or one of
 * the server's own jobs.
 */
export const commandSource = z.enum([
  'dashboard',
  'admin',
  'guest',
  'master-key',
  'auto-lock',
  'scheduled-lock',
  'round-timeout',
]);
export type CommandSource = z.infer<typeof commandSource>;

export const commandView = z.object({
  _id: id,
  deviceId: id,
  siteId: id,
  name: commandName,
  code: z.number().int().nullable(),
  state: commandState,
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  source: commandSource,
  requestedBy: id.nullable(),
  issuedAt: z.string(),
  sentAt: z.string().nullable(),
  ackedAt: z.string().nullable(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CommandView = z.infer<typeof commandView>;

/** Answer of a single-cart command: the command as it ended (or still stands) and the cart after it. */
export const commandOutcome = z.object({ command: commandView, device: cartView });
export type CommandOutcome = z.infer<typeof commandOutcome>;

export const skippedCart = z.object({
  id,
  carNumber: z.string().nullable(),
  reason: z.enum([
    'role',
    'notKeyless',
    'offline',
    'keyMode',
    'alreadyLocked',
    'alreadyUnlocked',
    'notFound',
    'notAllowed',
  ]),
});

/** Answer of a bulk command: the commands sent (their outcome follows on the socket) and who was skipped. */
export const bulkCommandResult = z.object({
  commands: z.array(commandView),
  skipped: z.array(skippedCart),
});
export type BulkCommandResult = z.infer<typeof bulkCommandResult>;

export const bulkIds = z.object({ ids: z.array(id).min(1, { message: 'No cars selected' }).max(1000) });

/**
 * POST /devices/{id}/unlock (spec §7: {device, site, driver, name, email, unlockedBy, service, price}). All
 * optional: an acknowledged operator unlock of a cart without an open ride opens a 'manual' ride, and these
 * describe it (driver = member id). The cart and site come from the path and the site header, and the
 * operator who unlocked is the signed-in user, so those fields of the spec's body are not taken.
 */
export const manualUnlockBody = z
  .object({
    driver: id.nullish(),
    name: safeText().trim().max(100).nullish(),
    email: z.union([email, z.literal('')]).nullish(),
    service: id.nullish(),
    price: id.nullish(),
  })
  // No body at all arrives as null.
  .nullish();
export type ManualUnlockBody = z.infer<typeof manualUnlockBody>;

/** POST /devices/unlock: bulk, with the spec's `rideData {unlockedBy}` (the signed-in user is recorded). */
export const bulkUnlockBody = bulkIds.extend({
  rideData: z.object({ unlockedBy: id.nullish() }).optional(),
});

/** Ping with one of the spec's codes 1–11, or a custom numeric one (admins). */
export const pingBody = z.object({ command: z.coerce.number().int().min(1).max(9999) });
export const bulkPingBody = bulkIds.extend(pingBody.shape);

/** Codes an operator (role basic and up) may send from the fleet; the rest are for admins (§6). */
export const OPERATOR_PING_CODES: readonly number[] = [COMMAND_CODES.reboot, COMMAND_CODES.soundDevice];
