import { skippedCart } from '@fairway/domain';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** Why the server refused a command or left a cart out of a bulk one (the `code` of a 403/409 answer). */
export type CommandRefusal = z.infer<typeof skippedCart>['reason'];

const refusalBody = z.object({ code: skippedCart.shape.reason });

/** The refusal a failed call names, or null when it failed for another reason (network, 5xx, …). */
export function commandRefusalOf(error: unknown): CommandRefusal | null {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 409)) return null;
  const parsed = refusalBody.safeParse(error.body);
  return parsed.success ? parsed.data.code : null;
}
