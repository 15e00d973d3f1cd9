import {
  codeTypesForSite,
  RANDOM_CODE_MAX,
  RANDOM_CODE_MIN,
  type CodeType,
  type CodeView,
} from '../schemas/members';

/**
 * The rules of a member's unlock codes (spec §4 Codes). Shared because the web app's Code dialog offers
 * types, codes and carts by them and the server refuses what breaks them; both must agree.
 */

/** Spec §9: a generated code is a random number from 100000 to 999999, so always 6 digits. */
export function randomCode(random: () => number = Math.random): string {
  const span = RANDOM_CODE_MAX - RANDOM_CODE_MIN + 1;
  return String(RANDOM_CODE_MIN + Math.min(span - 1, Math.floor(random() * span)));
}

/**
 * At most one code per type per member: the types the site offers that the member does not have yet. The
 * type of the code being edited stays available, so editing never loses the code's own type.
 */
export function availableCodeTypes(
  siteKeypad: boolean,
  memberCodes: readonly Pick<CodeView, 'type'>[],
  editingType?: CodeType,
): CodeType[] {
  const taken = new Set(memberCodes.map((code) => code.type));
  return codeTypesForSite(siteKeypad).filter((type) => type === editingType || !taken.has(type));
}

/** A new code starts with the first type the member lacks; null when the member has every type. */
export function defaultCodeType(
  siteKeypad: boolean,
  memberCodes: readonly Pick<CodeView, 'type'>[],
): CodeType | null {
  return availableCodeTypes(siteKeypad, memberCodes)[0] ?? null;
}

/**
 * The code after the type changes. An RFID tag is read from the card, so choosing rfid clears the code.
 * Between the 6-digit types the code typed so far stays; coming back from rfid restores the code being
 * edited when it is a 6-digit one, else draws a random code.
 */
export function codeOnTypeChange(
  newType: CodeType,
  current: { type: CodeType; code: string },
  existing: { type: CodeType; code: string } | null,
  random: () => number = Math.random,
): string {
  if (newType === 'rfid') return '';
  if (current.type !== 'rfid') return current.code;
  if (existing && existing.type !== 'rfid') return existing.code;
  return randomCode(random);
}

/**
 * allDevices is derived, not chosen apart from the carts: true when more than one cart is picked and the
 * pick is every cart of the site (a site with one cart keeps the cart listed).
 */
export function deriveAllDevices(picked: readonly string[], allCarNumbers: readonly string[]): boolean {
  const all = new Set(allCarNumbers);
  // Carts the site no longer has, and repeats, do not count towards "every cart".
  const pickedCarts = new Set(picked.filter((carNumber) => all.has(carNumber)));
  return pickedCarts.size > 1 && pickedCarts.size === all.size;
}

const MINUTE_MS = 60_000;

/**
 * Spec §5 expiry picker: the earliest day is today and expiries are whole minutes. `earliest` is the first
 * whole minute not yet begun; `suggested` is the same time tomorrow, a day's access for a new expiry.
 */
export function expiryBounds(now: Date): { today: Date; earliest: Date; suggested: Date } {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const earliest = new Date(Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const suggested = new Date(earliest);
  suggested.setDate(suggested.getDate() + 1);
  return { today, earliest, suggested };
}

/** An expiry as it is stored: the whole minute it falls in. */
export const toWholeMinute = (date: Date): Date =>
  new Date(Math.floor(date.getTime() / MINUTE_MS) * MINUTE_MS);

/** A code with an expiry at or before now no longer unlocks; null never expires. */
export function isCodeExpired(code: Pick<CodeView, 'expires'>, now: Date): boolean {
  if (code.expires === null) return false;
  return Date.parse(code.expires) <= now.getTime();
}
