import { and, asc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { members } from '../../db/tables/members';
import { codes } from '../../db/tables/codes';

/** A member code a cart checks by itself, as its config carries it. */
export interface CartCode {
  siteId: string;
  type: 'keypad' | 'rfid';
  code: string;
  expires: Date | null;
  allDevices: boolean;
  devices: string[];
}

/**
 * The member codes that go into cart configs: keypad codes and RFID tags only (a phone's virtual key is
 * checked by the server when it unlocks), enabled, not expired, of a member with credits left (-1 is
 * unlimited; 0 must not open a cart). One query for all the sites of a publish, ordered by code so a config
 * is the same whenever nothing changed.
 */
export async function loadCartCodes(db: Db, siteIds: string[], now: Date): Promise<CartCode[]> {
  if (siteIds.length === 0) return [];
  const rows = await db
    .select({
      siteId: codes.siteId,
      type: codes.type,
      code: codes.code,
      expires: codes.expires,
      allDevices: codes.allDevices,
      devices: codes.devices,
    })
    .from(codes)
    .innerJoin(members, eq(members.id, codes.memberId))
    .where(
      and(
        inArray(codes.siteId, siteIds),
        inArray(codes.type, ['keypad', 'rfid']),
        eq(codes.enabled, true),
        or(isNull(codes.expires), gt(codes.expires, now)),
        ne(members.credits, 0),
      ),
    )
    .orderBy(asc(codes.code));
  return rows as CartCode[];
}

/** Whether a code opens the cart with this car number: all carts, or the cart is one of those picked. */
export const opensCart = (
  code: Pick<CartCode, 'allDevices' | 'devices'>,
  carNumber: string | null,
): boolean => code.allDevices || (carNumber !== null && code.devices.includes(carNumber));
