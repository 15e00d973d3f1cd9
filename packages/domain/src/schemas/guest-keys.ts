import { z } from 'zod';
import { id } from './common';

/** GET /api/guest/sites/:siteId/virtual-keys: the code typed on the portal; master=true on the master card. */
export const guestKeyQuery = z.object({
  code: z.string().regex(/^\d{6}$/, { message: 'Code must be 6 digits' }),
  master: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type GuestKeyQuery = z.infer<typeof guestKeyQuery>;

/**
 * What the portal's virtual-key page shows its holder (spec §2 Virtual key page): the driver, their group,
 * credits (negative = unlimited), the carts the key is for, enabled and expiry. Nothing of other members.
 */
export const guestKeyView = z.object({
  _id: id,
  master: z.boolean(),
  driverName: z.string(),
  email: z.string().nullable(),
  /** null: the guest group (the page says N/A) */
  userGroupName: z.string().nullable(),
  credits: z.number().int(),
  allDevices: z.boolean(),
  /** car numbers, when not allDevices */
  devices: z.array(z.string()),
  enabled: z.boolean(),
  /** ISO instant; null = never */
  expires: z.string().nullable(),
});
export type GuestKeyView = z.infer<typeof guestKeyView>;
